/**
 * Editing a document (issue 20 §1, PATCH /documents/{id}): the add form's fields
 * (document-fields.tsx) filled with the stored values, and who sees it — chosen by professionals
 * only; the patient chooses whether her caregivers see her own. Only the fields that changed are
 * sent, so the file's history names exactly those (DOCUMENT_UPDATED); nothing changed sends
 * nothing. The server runs the rules and its message lands on its field.
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentChange, PatientDocument } from '../../../schemas/documents.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { typedCalendarDate } from '../../lib/dates/calendar-date-input.tsx';
import { useDates } from '../../lib/dates/use-dates.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdateDocument } from './api/documents.ts';
import { dayOf, DocumentFields, type DocumentFieldValues } from './document-fields.tsx';
import { DOCUMENTS } from './texts.ts';

const K = 'documents.edit';

export interface DocumentEditDialogProps {
  doc: PatientDocument;
  /** Who edits: a professional chooses who sees it, the patient whether her caregivers do, a caregiver neither. */
  as: 'professional' | 'patient' | 'caregiver';
  onClose(): void;
}

export function DocumentEditDialog({ doc, as, onClose }: DocumentEditDialogProps) {
  const { t } = useTranslation(DOCUMENTS);
  const { language } = useDates();
  const update = useUpdateDocument(doc.patientFileId);
  const [fields, setFields] = useState<DocumentFieldValues>({
    title: doc.title, description: doc.description ?? '', type: doc.type,
    startDate: typedCalendarDate(doc.startDate, language), endDate: typedCalendarDate(doc.endDate, language), reminderDate: typedCalendarDate(doc.reminderDate, language),
  });
  const [visibleToPatient, setVisibleToPatient] = useState(doc.visibleToPatient);
  const [visibleToCaregivers, setVisibleToCaregivers] = useState(doc.visibleToCaregivers);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [unchanged, setUnchanged] = useState(false);
  const server = messagesByField(update.error);
  const messages = { ...server, ...local };
  const other = update.error && !Object.keys(server).length ? update.error.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!fields.title.trim()) found['body.title'] = t('validation.field_required');
    if (!fields.type) found['body.type'] = t('validation.field_required');
    setLocal(found);
    if (Object.keys(found).length || !fields.type) return;
    const next = {
      title: fields.title, description: fields.description.trim() ? fields.description : null, type: fields.type,
      startDate: dayOf(fields.startDate, language), endDate: dayOf(fields.endDate, language), reminderDate: dayOf(fields.reminderDate, language),
      ...(as === 'professional' ? { visibleToPatient } : {}),
      ...(as !== 'caregiver' ? { visibleToCaregivers } : {}),
    };
    // Only what changed: the history says which fields were edited.
    const change = Object.fromEntries(Object.entries(next).filter(([name, value]) => doc[name as keyof typeof next] !== value)) as DocumentChange;
    setUnchanged(Object.keys(change).length === 0);
    if (!Object.keys(change).length) return;
    update.reset();
    update.mutate({ documentId: doc.id, change }, { onSuccess: () => { void notify({ color: 'green', message: t(`${K}.done`) }); onClose(); } });
  }

  return (
    <Modal opened onClose={onClose} title={t(`${K}.title`)} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="document-edit-form">
        <Stack gap="sm">
          {other && <Alert color="red" variant="light">{t('documents.failed', { message: other })}</Alert>}
          {unchanged && <Text size="sm" role="status">{t(`${K}.unchanged`)}</Text>}
          <DocumentFields values={fields} onChange={(change) => setFields((all) => ({ ...all, ...change }))} messages={messages} />
          {as === 'professional' && (
            <Checkbox label={t(`${K}.visibleToPatient`)} checked={visibleToPatient} onChange={(e) => setVisibleToPatient(e.currentTarget.checked)}
              error={messages['body.visibleToPatient']} />
          )}
          {as !== 'caregiver' && (
            <Checkbox label={t(as === 'professional' ? `${K}.visibleToCaregivers` : 'documents.add.fields.visibleToCaregivers')} checked={visibleToCaregivers}
              onChange={(e) => setVisibleToCaregivers(e.currentTarget.checked)} error={messages['body.visibleToCaregivers']} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t(`${K}.cancel`)}</Button>
            <Button type="submit" loading={update.isPending} data-testid="document-edit-submit">{t(`${K}.submit`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
