/**
 * The patient-file picker (spec 000 §2 "patient-file picker", issue 10 §5): a dialog that searches
 * the files of a structure the professional may open (POST /establishments/{id}/patient_files/search,
 * the list's own call) and hands the chosen one to `onPick`. What is typed is read as the list
 * reads it: a whole date searches birth dates, a text with digits identifiers, else names. The
 * search waits for typing to pause (debounced), and a search replaced by the next is aborted
 * (the query's signal). Keyboard: the search box keeps the focus; up and down arrows move through
 * the results (the box's aria-activedescendant), Enter picks, Escape closes. Each result shows the
 * patient's name, birth date, service and the file's status; an empty and a failed search say so.
 * In lib/ so that any screen can offer it.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PATIENT_FILE_SEARCH_TEXT_MAX, type PatientFileRow, type PatientFileSearchBody } from '../../../../schemas/patient-file-search.ts';
import { patientFileSearchQueryOptions } from '../../api/patient-file-search.ts';
import { parseCalendarDate } from '../../dates/calendar-input.ts';
import { useDates } from '../../dates/use-dates.ts';
import { isLanguage, type Language } from '../../languages.ts';
import { FileStatusBadge } from '../file-status-badge.tsx';
import { PATIENT_FILE_PICKER } from './texts.ts';

const K = 'patientFilePicker';
/** How long typing must pause before searching. */
export const PICKER_DEBOUNCE_MS = 300;
/** Results shown at once: enough to choose from, few enough to browse with the arrows. */
export const PICKER_PAGE_SIZE = 10;
const IDENTIFIER_MAX = 64;

/** The search body for what was typed (the list's reading: a date, an identifier, or names). */
export function pickerSearchBody(typed: string, language: Language): PatientFileSearchBody {
  const text = typed.trim();
  const birthDate = text ? parseCalendarDate(text, language) : undefined;
  const filters = birthDate ? { birthDate }
    : text && /\d/.test(text) ? { identifier: text.slice(0, IDENTIFIER_MAX) }
      : text ? { text: text.slice(0, PATIENT_FILE_SEARCH_TEXT_MAX) } : {};
  return { page: 1, pageSize: PICKER_PAGE_SIZE, sort: 'patientName', filters };
}

export interface PatientFilePickerProps {
  opened: boolean;
  onClose(): void;
  /** The structure whose files are searched. */
  establishmentId: string;
  /** The chosen file; the dialog closes itself after. */
  onPick(file: PatientFileRow): void;
  /** The dialog's title; "Open a patient file" when absent. */
  title?: string;
}

export function PatientFilePicker({ opened, onClose, establishmentId, onPick, title }: PatientFilePickerProps) {
  const { t, i18n } = useTranslation(PATIENT_FILE_PICKER);
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, PICKER_DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const query = useQuery({ ...patientFileSearchQueryOptions(establishmentId, pickerSearchBody(debounced, language)), enabled: opened });
  const rows = query.data?.data ?? [];
  const ids = useId();
  const optionId = (i: number) => `${ids}-option-${i}`;

  // A new answer starts at its first row; the dialog opens on an empty search.
  useEffect(() => setActive(0), [query.data]);
  useEffect(() => { if (!opened) setTyped(''); }, [opened]);

  const pick = (row: PatientFileRow | undefined) => {
    if (!row) return;
    onPick(row);
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && rows.length) { e.preventDefault(); setActive((i) => (i + 1) % rows.length); }
    else if (e.key === 'ArrowUp' && rows.length) { e.preventDefault(); setActive((i) => (i - 1 + rows.length) % rows.length); }
    else if (e.key === 'Enter') { e.preventDefault(); if (typed === debounced && !query.isFetching) pick(rows[active]); }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t(`${K}.title`)} size="lg" closeButtonProps={{ 'aria-label': t(`${K}.close`) }}>
      <Stack gap="sm">
        <TextInput
          data-autofocus label={t(`${K}.search`)} placeholder={t(`${K}.placeholder`)} description={t(`${K}.help`)} value={typed}
          maxLength={PATIENT_FILE_SEARCH_TEXT_MAX} onChange={(e) => setTyped(e.currentTarget.value)} onKeyDown={onKeyDown}
          role="combobox" aria-expanded={rows.length > 0} aria-controls={`${ids}-listbox`} aria-autocomplete="list"
          aria-activedescendant={rows[active] ? optionId(active) : undefined}
          rightSection={query.isFetching ? <Loader size="xs" aria-label={t(`${K}.loading`)} /> : null}
        />
        {query.isError ? (
          <Alert color="negative" variant="light" role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t(`${K}.failed`, { message: query.error.message })}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>{t(`${K}.retry`)}</Button>
            </Group>
          </Alert>
        ) : query.isPending ? null : rows.length === 0 ? (
          <Text c="dimmed" role="status">{t(`${K}.empty`)}</Text>
        ) : (
          <Stack gap={4} id={`${ids}-listbox`} role="listbox" aria-label={t(`${K}.results`)}>
            {rows.map((row, i) => (
              <PickerOption key={row.id} id={optionId(i)} row={row} active={i === active} onHover={() => setActive(i)} onPick={() => pick(row)} />
            ))}
          </Stack>
        )}
        {query.data && query.data.totalItems > rows.length && (
          <Text size="xs" c="dimmed">{t(`${K}.more`, { shown: rows.length, total: query.data.totalItems })}</Text>
        )}
      </Stack>
    </Modal>
  );
}

function PickerOption({ id, row, active, onHover, onPick }: { id: string; row: PatientFileRow; active: boolean; onHover(): void; onPick(): void }) {
  const { t } = useTranslation(PATIENT_FILE_PICKER);
  const { calendarDate } = useDates();
  return (
    <UnstyledButton
      id={id} role="option" aria-selected={active} tabIndex={-1} onMouseEnter={onHover} onClick={onPick} data-patient-file={row.id}
      p="xs" style={{ borderRadius: 'var(--mantine-radius-sm)', background: active ? 'var(--mantine-primary-color-light)' : undefined }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate>{row.patientName}</Text>
          <Text size="sm" c="dimmed">
            {row.patientBirthDate ? t(`${K}.born`, { date: calendarDate(row.patientBirthDate) }) : null}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="outline" color="gray" tt="none">{row.service.name}</Badge>
          <FileStatusBadge status={row.status} />
        </Group>
      </Group>
    </UnstyledButton>
  );
}
