import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { FileStatusBadge } from '../../features/context-selector/file-status-badge.tsx';
import { patientNameOf } from '../../lib/patient-name.ts';

/** Header line of the patient area: whose file, in which service; 'caregiver of' for caregivers. */
export function PatientContextLabel({ file, caregiver }: { file: PatientFileSummary; caregiver: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" visibleFrom="xs" miw={0}>
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" truncate data-testid="context-label">
          {caregiver ? t('contextSelector.caregiverOf', { name: patientNameOf(file) }) : patientNameOf(file)}
        </Text>
        <Text size="xs" c="dimmed" truncate>{`${file.service.name} · ${file.service.establishment.name}`}</Text>
      </Stack>
      <FileStatusBadge status={file.status} />
    </Group>
  );
}
