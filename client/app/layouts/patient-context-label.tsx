import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { FileStatusBadge } from '../../lib/ui/file-status-badge.tsx';
import { patientNameOf } from '../../lib/patient-name.ts';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';

/** Header line of the patient area: whose file, in which service; 'caregiver of' for caregivers. */
export function PatientContextLabel({ file, caregiver }: { file: PatientFileSummary; caregiver: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" visibleFrom="xs" miw={0}>
      <Stack gap={0} miw={0}>
        <TruncatedText fw={600} size="sm" data-testid="context-label">
          {caregiver ? t('contextSelector.caregiverOf', { name: patientNameOf(file) }) : patientNameOf(file)}
        </TruncatedText>
        <TruncatedText size="xs" c="dimmed">{`${file.service.name} · ${file.service.establishment.name}`}</TruncatedText>
      </Stack>
      <FileStatusBadge status={file.status} />
    </Group>
  );
}
