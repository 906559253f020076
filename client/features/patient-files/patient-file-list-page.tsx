/**
 * The professional's patient-file list, `/s/:structureIndex/patient-file` (spec 000 §2): the
 * files of the structure the professional may open, searched, filtered, sorted and paged on the
 * server (POST /establishments/{id}/patient_files/search), the list's state in the address.
 * A row opens the file.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useStructureArea } from '../../lib/areas.ts';
import { parseCalendarDate } from '../../lib/dates/calendar-input.ts';
import { isLanguage } from '../../lib/languages.ts';
import { paths } from '../../lib/paths.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import { useListState } from '../../lib/ui/data-table/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { usePatientFileSearch } from '../../lib/api/patient-file-search.ts';
import { PatientFilePicker } from '../../lib/ui/patient-file-picker/patient-file-picker.tsx';
import { PATIENT_FILE_PICKER } from '../../lib/ui/patient-file-picker/texts.ts';
import { usePatientFileColumns } from './columns.tsx';
import { patientFileList, searchBody } from './list-definition.ts';
import { PatientFileFilters } from './patient-file-filters.tsx';
import { PATIENT_FILES } from './texts.ts';

export function PatientFileListPage() {
  const { structure, index: structureIndex } = useStructureArea();
  const { t, i18n } = useTranslation(PATIENT_FILES);
  const navigate = useNavigate();
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  usePageTitle(t('patientFiles.title'));
  const list = useListState(patientFileList);
  const query = usePatientFileSearch(structure.id, searchBody(list, (text) => parseCalendarDate(text, language)));
  const columns = usePatientFileColumns();
  const { t: tPicker } = useTranslation(PATIENT_FILE_PICKER);
  const [picking, setPicking] = useState(false);
  const open = (patientFileId: string) => void navigate(paths.professional.patientFile.getHref({ structureIndex, patientFileId }));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">{t('patientFiles.title')}</Title>
        {/* The patient-file picker: straight to a file by typing its patient's name (issue 10 §5). */}
        <Group gap="sm">
          <Button variant="light" onClick={() => setPicking(true)}>{tPicker('patientFilePicker.open')}</Button>
          <Button component={Link} to={paths.professional.patientProfile.getHref({ structureIndex, id: 'new' })}>{t('patientFiles.newPatient')}</Button>
        </Group>
      </Group>
      <PatientFilePicker opened={picking} onClose={() => setPicking(false)} establishmentId={structure.id} onPick={(file) => open(file.id)} />
      <PatientFileFilters list={list} services={structure.services} />
      <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} label={t('patientFiles.tableLabel')}
        emptyText={t('patientFiles.empty')} homeHref={paths.professional.home.getHref({ structureIndex })}
        onOpen={(row) => open(row.id)} />
    </Stack>
  );
}

export const Component = PatientFileListPage;
