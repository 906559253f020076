/** Above the list: one search box (names, birth date, identifiers), the statuses, the service. */
import { Chip, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PATIENT_FILE_STATUSES } from '../../../schemas/common.ts';
import type { Establishment } from '../../../schemas/establishments.ts';
import { ListSearchInput } from '../../lib/ui/data-table/list-search-input.tsx';
import type { ListControls } from '../../lib/ui/data-table/use-list-state.ts';
import type { PatientFileFilter } from './list-definition.ts';
import { PATIENT_FILES } from './texts.ts';

export function PatientFileFilters({ list, services }: { list: ListControls<string, PatientFileFilter>; services: Establishment['services'] }) {
  const { t } = useTranslation(PATIENT_FILES);
  return (
    <Stack gap="xs">
      <ListSearchInput list={list} filter="q" label={t('patientFiles.search.label')} placeholder={t('patientFiles.search.placeholder')}
        description={t('patientFiles.search.description')} maw={520} data-testid="patient-file-search" />
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Stack gap={4} role="group" aria-labelledby="patient-file-status-filter">
          <Text id="patient-file-status-filter" size="sm" fw={500}>{t('patientFiles.filters.status')}</Text>
          <Chip.Group multiple value={list.filters.status} onChange={(values) => list.setFilter('status', values)}>
            <Group gap="xs">
              {PATIENT_FILE_STATUSES.map((status) => <Chip key={status} value={status} size="sm">{t(`patientFile.status.${status}`)}</Chip>)}
            </Group>
          </Chip.Group>
        </Stack>
        {services.length > 1 && (
          <Select label={t('patientFiles.filters.service')} placeholder={t('patientFiles.filters.anyService')} clearable w={260}
            data={services.map((s) => ({ value: s.id, label: s.name }))} value={list.filters.service[0] ?? null}
            onChange={(value) => list.setFilter('service', value ? [value] : [])} data-testid="patient-file-service" />
        )}
      </Group>
    </Stack>
  );
}
