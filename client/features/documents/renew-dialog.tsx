/**
 * Renewing a prescription (`POST /documents/{id}/renew`, issue 20 §3): the next one, of the same
 * type, linked to it. The title starts as the previous one's (shown, and changed at will); the
 * period is typed afresh; a file (sent at once, with its progress: useUploadQueue) or a link.
 * The server runs the rules and its message lands on its field; anything else is said above.
 */
import { Alert, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prescription, RenewalBody } from '../../../schemas/prescriptions.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { CalendarDateInput, calendarDateOf } from '../../lib/dates/calendar-date-input.tsx';
import { useDates } from '../../lib/dates/use-dates.ts';
import { notify } from '../../lib/notify.ts';
import { useRenewPrescription } from './api/prescriptions.ts';
import { useUploadQueue } from '../../lib/api/upload-queue.ts';
import { FileQueue } from './file-queue.tsx';
import { DOCUMENTS } from './texts.ts';

const K = 'documents.prescriptions.renew';
type Source = 'file' | 'link';

export function RenewDialog({ prescription, onClose }: { prescription: Prescription; onClose(): void }) {
  const { t } = useTranslation(DOCUMENTS);
  const { language } = useDates();
  const queue = useUploadQueue();
  const renew = useRenewPrescription(prescription.patientFileId);
  const [source, setSource] = useState<Source>('file');
  const [fields, setFields] = useState({ title: prescription.title, startDate: '', endDate: '', externalUrl: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = (name: keyof typeof fields) => (value: string) => setFields((all) => ({ ...all, [name]: value }));
  const server = messagesByField(renew.error);
  const messages = { ...server, ...local };
  const other = renew.error && !Object.keys(server).length ? renew.error.message : undefined;
  const name = `${prescription.patient.firstName} ${prescription.patient.lastName}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const uploaded = queue.files.find((f) => f.state === 'uploaded');
    const found: Record<string, string> = {};
    if (!fields.title.trim()) found['body.title'] = t('validation.field_required');
    if (source === 'link' && !fields.externalUrl.trim()) found['body.externalUrl'] = t('documents.add.noFile');
    if (source === 'file' && (queue.busy || queue.files.some((f) => f.state === 'failed'))) found['body.fileId'] = t('documents.add.waitUploads');
    else if (source === 'file' && !uploaded) found['body.fileId'] = t('documents.add.noFile');
    setLocal(found);
    if (Object.keys(found).length) return;
    renew.reset();
    const date = (typed: string) => (typed.trim() ? calendarDateOf(typed.trim(), language) : '');
    const body: RenewalBody = {
      title: fields.title, startDate: date(fields.startDate), endDate: date(fields.endDate),
      ...(source === 'link' ? { externalUrl: fields.externalUrl.trim() } : { fileId: uploaded!.fileId! }),
    };
    renew.mutate({ documentId: prescription.id, body }, {
      onSuccess: () => { void notify({ color: 'green', message: t(`${K}.done`) }); onClose(); },
    });
  }

  return (
    <Modal opened onClose={onClose} title={t(`${K}.title`)} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="renew-form">
        <Stack gap="sm">
          <Text size="sm">{t(`${K}.help`, { name, type: t(`documents.types.${prescription.type}`) })}</Text>
          {other && <Alert color="red" variant="light">{t('documents.failed', { message: other })}</Alert>}
          <TextInput label={t(`${K}.fields.title`)} required value={fields.title} onChange={(e) => set('title')(e.currentTarget.value)}
            error={messages['body.title']} data-testid="renew-title" data-autofocus dir="auto" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CalendarDateInput label={t(`${K}.fields.startDate`)} required value={fields.startDate} onChange={set('startDate')}
              error={messages['body.startDate']} data-testid="renew-start" />
            <CalendarDateInput label={t(`${K}.fields.endDate`)} required value={fields.endDate} onChange={set('endDate')}
              error={messages['body.endDate']} data-testid="renew-end" />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={700} id="renew-source">{t('documents.add.fields.source')}</Text>
            <SegmentedControl aria-labelledby="renew-source" value={source} onChange={(v) => setSource(v as Source)} w="fit-content"
              data={[{ value: 'file', label: t(`${K}.sources.file`) }, { value: 'link', label: t(`${K}.sources.link`) }]} />
          </Stack>
          {source === 'link'
            ? <TextInput label={t('documents.add.fields.externalUrl')} type="url" dir="ltr" placeholder="https://" value={fields.externalUrl}
              onChange={(e) => set('externalUrl')(e.currentTarget.value)} error={messages['body.externalUrl'] ?? messages['body.fileId']} data-testid="renew-link" />
            : <FileQueue queue={queue} error={messages['body.fileId']} multiple={false} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t(`${K}.cancel`)}</Button>
            <Button type="submit" loading={renew.isPending} data-testid="renew-submit">{t(`${K}.submit`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
