/**
 * What may be done to one document, under its details (issue 20 §1), each change behind a
 * confirmation dialog that shows the server's refusal (a closed file, a change made meanwhile)
 * and, once done, the document and the lists read again:
 * - a professional of the file acknowledges a waiting document, excludes a live one (hidden from
 *   the patient's side, kept) or restores an excluded one;
 * - a professional of the file, or whoever added the document (a patient who sent the wrong
 *   scan, a caregiver), edits it (document-edit-dialog.tsx) or marks it entered in error with a
 *   required reason, for good.
 * The server decides (PUT exclude/restore, DELETE with a reason); these buttons only offer what
 * it would allow, so nothing is offered on a document already entered in error.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientDocument } from '../../../schemas/documents.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useAcknowledgeDocument, useEnterDocumentInError, useExcludeDocument } from './api/documents.ts';
import { DocumentEditDialog } from './document-edit-dialog.tsx';
import { DOCUMENTS } from './texts.ts';

type Dialog = 'exclude' | 'restore' | 'error' | 'edit';

export interface DocumentActionsProps {
  doc: PatientDocument;
  /** How the viewer opens the file: a professional of it (the professional's screen), the patient or a caregiver. */
  as: 'professional' | 'patient' | 'caregiver';
  /** After entered in error: the patient's side no longer sees the document, and leaves it. */
  onEnteredInError?(): void;
}

export function DocumentActions({ doc, as, onEnteredInError }: DocumentActionsProps) {
  const { t } = useTranslation(DOCUMENTS);
  const me = useSession().data?.me.id;
  const acknowledge = useAcknowledgeDocument(doc.patientFileId);
  const [dialog, setDialog] = useState<Dialog>();
  if (doc.enteredInError) return null;
  const professional = as === 'professional';
  // Whoever added it, or a professional of the file: the server's rule (repository.ts).
  const mayChange = professional || doc.createdBy.id === me;
  if (!mayChange) return null;
  const close = () => setDialog(undefined);
  return (
    <Stack gap="xs">
      {acknowledge.error && <Alert color="red" variant="light">{t('documents.failed', { message: acknowledge.error.message })}</Alert>}
      <Group gap="sm">
        {professional && doc.acknowledgement.status === 'WAITING' && (
          <Button loading={acknowledge.isPending} data-testid="document-acknowledge"
            onClick={() => acknowledge.mutate(doc.id, { onSuccess: () => void notify({ color: 'green', message: t('documents.acknowledge.done') }) })}>
            {t('documents.acknowledge.action')}
          </Button>
        )}
        {mayChange && <Button variant="light" onClick={() => setDialog('edit')} data-testid="document-edit">{t('documents.edit.action')}</Button>}
        {professional && (doc.excludedAt
          ? <Button variant="light" onClick={() => setDialog('restore')} data-testid="document-restore">{t('documents.restore.action')}</Button>
          : <Button variant="light" color="gray" onClick={() => setDialog('exclude')} data-testid="document-exclude">{t('documents.exclude.action')}</Button>)}
        {mayChange && <Button variant="light" color="red" onClick={() => setDialog('error')} data-testid="document-entered-in-error">{t('documents.error.action')}</Button>}
      </Group>
      {(dialog === 'exclude' || dialog === 'restore') && <ExcludeDialog doc={doc} excluded={dialog === 'exclude'} onClose={close} />}
      {dialog === 'error' && <EnteredInErrorDialog doc={doc} onClose={close} onDone={onEnteredInError} />}
      {dialog === 'edit' && <DocumentEditDialog doc={doc} as={as} onClose={close} />}
    </Stack>
  );
}

/** Exclude (hidden from the patient's side, restorable) or restore, once confirmed. */
function ExcludeDialog({ doc, excluded, onClose }: { doc: PatientDocument; excluded: boolean; onClose(): void }) {
  const { t } = useTranslation(DOCUMENTS);
  const change = useExcludeDocument(doc.patientFileId);
  const K = excluded ? 'documents.exclude' : 'documents.restore';
  return (
    <Modal opened onClose={onClose} title={t(`${K}.title`)} centered>
      <Stack gap="sm">
        <Text size="sm">{t(`${K}.text`, { title: doc.title })}</Text>
        {change.error && <Alert color="red" variant="light">{t('documents.failed', { message: change.error.message })}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('documents.error.cancel')}</Button>
          <Button loading={change.isPending} color={excluded ? 'gray' : undefined} data-testid={`document-${excluded ? 'exclude' : 'restore'}-confirm`} data-autofocus
            onClick={() => change.mutate({ documentId: doc.id, excluded }, { onSuccess: () => { void notify({ color: 'green', message: t(`${K}.done`) }); onClose(); } })}>
            {t(`${K}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EnteredInErrorDialog({ doc, onClose, onDone }: { doc: PatientDocument; onClose(): void; onDone?(): void }) {
  const { t } = useTranslation(DOCUMENTS);
  const mark = useEnterDocumentInError(doc.patientFileId);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const byField = messagesByField(mark.error);
  const other = mark.error && !byField['body.reason'] ? mark.error.message : undefined;
  const missing = tried && !reason.trim();
  return (
    <Modal opened onClose={onClose} title={t('documents.error.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('documents.error.text')}</Text>
        {other && <Alert color="red" variant="light">{t('documents.failed', { message: other })}</Alert>}
        <Textarea label={t('documents.error.reason')} required rows={4} value={reason} onChange={(e) => setReason(e.currentTarget.value)}
          error={missing ? t('validation.field_required') : byField['body.reason']} data-testid="document-error-reason" data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('documents.error.cancel')}</Button>
          <Button color="red" loading={mark.isPending} data-testid="document-error-confirm"
            onClick={() => {
              // The reason is required: said on the field, nothing sent.
              setTried(true);
              if (!reason.trim()) return;
              mark.mutate({ documentId: doc.id, reason }, { onSuccess: () => { void notify({ color: 'green', message: t('documents.error.done') }); onClose(); onDone?.(); } });
            }}>
            {t('documents.error.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
