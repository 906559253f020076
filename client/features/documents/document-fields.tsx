/**
 * The fields a document is described by (spec 001 §5), shared by adding one and editing one: a
 * title, one of the ten types, a description, start, end and reminder dates typed in the
 * interface's order. The values are as typed; `documentFieldsBody` gives what the server reads
 * (dates as ISO days, or the text as typed so that the server refuses it on its field).
 */
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, type DocumentType } from '../../../schemas/documents.ts';
import { CalendarDateInput, calendarDateOf } from '../../lib/dates/calendar-date-input.tsx';
import type { Language } from '../../lib/languages.ts';
import { DOCUMENTS } from './texts.ts';

const K = 'documents.add';

export interface DocumentFieldValues { title: string; description: string; startDate: string; endDate: string; reminderDate: string; type: DocumentType | null }

export function DocumentFields({ values, onChange, messages }: {
  values: DocumentFieldValues;
  onChange(change: Partial<DocumentFieldValues>): void;
  messages: Record<string, string | undefined>;
}) {
  const { t } = useTranslation(DOCUMENTS);
  const types = useMemo(() => DOCUMENT_TYPES.map((value) => ({ value, label: t(`documents.types.${value}`) })), [t]);
  const text = (name: 'title' | 'description') => (e: { currentTarget: { value: string } }) => onChange({ [name]: e.currentTarget.value });
  return (
    <>
      <TextInput label={t(`${K}.fields.title`)} required value={values.title} onChange={text('title')} error={messages['body.title']} data-testid="document-title" dir="auto" />
      <Select label={t(`${K}.fields.type`)} required data={types} value={values.type} onChange={(v) => onChange({ type: v as DocumentType | null })} error={messages['body.type']} data-testid="document-type" />
      <Textarea label={t(`${K}.fields.description`)} rows={3} value={values.description} onChange={text('description')} error={messages['body.description']} dir="auto" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <CalendarDateInput label={t(`${K}.fields.startDate`)} value={values.startDate} onChange={(startDate) => onChange({ startDate })} error={messages['body.startDate']} />
        <CalendarDateInput label={t(`${K}.fields.endDate`)} value={values.endDate} onChange={(endDate) => onChange({ endDate })} error={messages['body.endDate']} />
        <CalendarDateInput label={t(`${K}.fields.reminderDate`)} value={values.reminderDate} onChange={(reminderDate) => onChange({ reminderDate })} error={messages['body.reminderDate']} />
      </SimpleGrid>
    </>
  );
}

/** A typed date as the server reads it: none when empty. */
export const dayOf = (typed: string, language: Language) => (typed.trim() ? calendarDateOf(typed.trim(), language) : null);
