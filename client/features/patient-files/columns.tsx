/**
 * The list's columns (spec 000 §2): patient, birth date with age, status, service, start of the
 * follow-up. A column's id is the server's sort field, which is what makes it sortable.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientFileRow } from '../../../schemas/patient-file-search.ts';
import { ageOn, todayIn } from '../../lib/dates/age.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { FileStatusBadge } from '../../lib/ui/file-status-badge.tsx';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';
import classes from './columns.module.css';
import { PATIENT_FILES } from './texts.ts';

const column = createColumnHelper<PatientFileRow>();

export function usePatientFileColumns() {
  const { t } = useTranslation(PATIENT_FILES);
  const { calendarDate, day, timeZone } = useDates();
  return useMemo(() => {
    const today = todayIn(timeZone);
    return [
      column.accessor('patientName', {
        id: 'patientName', header: t('patientFiles.columns.patient'),
        cell: (c) => <TruncatedText fw={600} maw={280} className={classes.alignWithColumn}>{c.getValue() ?? ''}</TruncatedText>,
      }),
      column.accessor('patientBirthDate', {
        id: 'birthDate', header: t('patientFiles.columns.birthDate'),
        cell: (c) => {
          const birthDate = c.getValue();
          return birthDate
            ? t('patientFiles.birthDateAndAge', { date: calendarDate(birthDate), age: t('patientFile.header.age', { count: ageOn(birthDate, today) }) })
            : '';
        },
      }),
      column.accessor('status', { id: 'status', header: t('patientFiles.columns.status'), cell: (c) => <FileStatusBadge status={c.getValue()} /> }),
      column.accessor('service.name', { id: 'service', header: t('patientFiles.columns.service'), cell: (c) => <TruncatedText maw={220} className={classes.alignWithColumn}>{c.getValue()}</TruncatedText> }),
      column.accessor((row) => row.startDate ?? row.createdAt, {
        id: 'startDate', header: t('patientFiles.columns.startDate'),
        cell: (c) => (c.row.original.startDate ? calendarDate(c.row.original.startDate) : day(c.row.original.createdAt)),
      }),
    ];
  }, [t, calendarDate, day, timeZone]);
}
