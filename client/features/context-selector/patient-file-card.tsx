import { Card, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { paths } from '../../lib/paths.ts';
import { patientNameOf } from '../../lib/patient-name.ts';
import { FileStatusBadge } from '../../lib/ui/file-status-badge.tsx';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';

export function PatientFileCard({ file, index }: { file: PatientFileSummary; index: number }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component={Link} to={paths.patient.home.getHref({ patientFileIndex: index })} padding="md" data-testid="patient-file-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <TruncatedText fw={600}>{file.service.name}</TruncatedText>
          <TruncatedText size="sm" c="dimmed">{file.service.establishment.name}</TruncatedText>
          <TruncatedText size="sm">{file.caregiver ? t('contextSelector.caregiverOf', { name: patientNameOf(file) }) : patientNameOf(file)}</TruncatedText>
        </Stack>
        <FileStatusBadge status={file.status} />
      </Group>
    </Card>
  );
}
