/**
 * A document of a patient file for a professional (`/s/:structureIndex/patient-file/:patientFileId/documents/:documentId`,
 * spec 000 §2): what the patient's side sees, plus acknowledging it (waiting → acknowledged by
 * whom and when, `POST /documents/{id}/acquit`) and marking it entered in error with a reason
 * (kept, never removed). A refusal (already acknowledged, a closed file) is said above the actions.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PatientDocument } from '../../../schemas/documents.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { useAcknowledgeDocument, useEnterDocumentInError } from './api/documents.ts';
import { DocumentScreen } from './document-view.tsx';
import { DOCUMENTS } from './texts.ts';

export function Component() {
  const { patientFileId = '', documentId = '' } = useParams();
  const { index } = useStructureArea();
  return (
    <DocumentScreen patientFileId={patientFileId} documentId={documentId}
      homeHref={paths.professional.patientFile.getHref({ structureIndex: index, patientFileId, currentTab: 'documents' })}
      actions={(doc) => <ProfessionalActions doc={doc} />} />
  );
}

function ProfessionalActions({ doc }: { doc: PatientDocument }) {
  const { t } = useTranslation(DOCUMENTS);
  const acknowledge = useAcknowledgeDocument(doc.patientFileId);
  const [asking, setAsking] = useState(false);
  if (doc.enteredInError) return null;
  const error = acknowledge.error;
  return (
    <Stack gap="xs">
      {error && <Alert color="red" variant="light">{t('documents.failed', { message: error.message })}</Alert>}
      <Group gap="sm">
        {doc.acknowledgement.status === 'WAITING' && (
          <Button loading={acknowledge.isPending} data-testid="document-acknowledge"
            onClick={() => acknowledge.mutate(doc.id, { onSuccess: () => void notify({ color: 'green', message: t('documents.acknowledge.done') }) })}>
            {t('documents.acknowledge.action')}
          </Button>
        )}
        <Button variant="light" color="red" onClick={() => setAsking(true)} data-testid="document-entered-in-error">{t('documents.error.action')}</Button>
      </Group>
      {asking && <EnteredInErrorDialog doc={doc} onClose={() => setAsking(false)} />}
    </Stack>
  );
}

function EnteredInErrorDialog({ doc, onClose }: { doc: PatientDocument; onClose(): void }) {
  const { t } = useTranslation(DOCUMENTS);
  const mark = useEnterDocumentInError(doc.patientFileId);
  const [reason, setReason] = useState('');
  const byField = messagesByField(mark.error);
  const other = mark.error && !byField['body.reason'] ? mark.error.message : undefined;
  return (
    <Modal opened onClose={onClose} title={t('documents.error.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('documents.error.text')}</Text>
        {other && <Alert color="red" variant="light">{t('documents.failed', { message: other })}</Alert>}
        <Textarea label={t('documents.error.reason')} required rows={4} value={reason} onChange={(e) => setReason(e.currentTarget.value)}
          error={byField['body.reason'] ?? (mark.isIdle || reason.trim() ? undefined : t('validation.field_required'))} data-testid="document-error-reason" data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('documents.error.cancel')}</Button>
          <Button color="red" loading={mark.isPending} data-testid="document-error-confirm"
            onClick={() => mark.mutate({ documentId: doc.id, reason }, { onSuccess: () => { void notify({ color: 'green', message: t('documents.error.done') }); onClose(); } })}>
            {t('documents.error.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
