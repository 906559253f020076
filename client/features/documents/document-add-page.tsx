/**
 * Adding a document (`/p/:patientFileIndex/documents/add`, spec 000 §2; issue 20 §1): a title, a
 * description, one of the ten types, start, end and reminder dates, whether the caregivers see
 * it, and one or more files or an external link (a video). Files are sent as soon as they are
 * chosen, several at once (useUploadQueue: idle → uploading with its progress → uploaded, or
 * failed with retry); each uploaded file becomes one document when the form is sent. The server
 * runs the rules (schemas/documents.ts documentBodyError) and its message lands on its field.
 * Back and Cancel lead to the list.
 */
import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DocumentBody } from '../../../schemas/documents.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { usePatientArea } from '../../lib/areas.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAddDocument } from './api/documents.ts';
import { useUploadQueue } from '../../lib/api/upload-queue.ts';
import { dayOf, DocumentFields, type DocumentFieldValues } from './document-fields.tsx';
import { FileQueue } from './file-queue.tsx';
import { DOCUMENTS } from './texts.ts';

const K = 'documents.add';
type Source = 'file' | 'link';
type Messages = Record<string, string>;

export function Component() {
  const { t } = useTranslation(DOCUMENTS);
  usePageTitle(t(`${K}.title`));
  const { index, patientFile } = usePatientArea();
  const { language } = useDates();
  const navigate = useNavigate();
  const listHref = paths.patient.documents.getHref({ patientFileIndex: index });
  const queue = useUploadQueue();
  const add = useAddDocument(patientFile.id);
  const [source, setSource] = useState<Source>('file');
  const [fields, setFields] = useState<DocumentFieldValues>({ title: '', description: '', startDate: '', endDate: '', reminderDate: '', type: null });
  const [externalUrl, setExternalUrl] = useState('');
  const { type } = fields;
  const [visibleToCaregivers, setVisibleToCaregivers] = useState(false);
  const [messages, setMessages] = useState<Messages>({});
  const [failure, setFailure] = useState<string>();
  const caregiver = patientFile.caregiver === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const uploaded = queue.files.filter((f) => f.state === 'uploaded');
    const local: Messages = {};
    if (!fields.title.trim()) local['body.title'] = t('validation.field_required');
    if (!type) local['body.type'] = t('validation.field_required');
    if (source === 'link' && !externalUrl.trim()) local['body.externalUrl'] = t(`${K}.noFile`);
    if (source === 'file' && queue.busy) local['body.fileId'] = t(`${K}.waitUploads`);
    else if (source === 'file' && (uploaded.length === 0 || queue.files.some((f) => f.state === 'failed'))) local['body.fileId'] = t(uploaded.length ? `${K}.waitUploads` : `${K}.noFile`);
    setMessages(local);
    if (Object.keys(local).length || !type) return;
    const common: DocumentBody = {
      title: fields.title, description: fields.description.trim() ? fields.description : null, type,
      startDate: dayOf(fields.startDate, language), endDate: dayOf(fields.endDate, language), reminderDate: dayOf(fields.reminderDate, language),
      ...(caregiver ? {} : { visibleToCaregivers }),
    };
    const bodies = source === 'link' ? [{ ...common, externalUrl: externalUrl.trim() }] : uploaded.map((f) => ({ ...common, fileId: f.fileId! }));
    let added = 0;
    try {
      for (const [i, body] of bodies.entries()) {
        await add.mutateAsync(body);
        added += 1;
        // Added: out of the queue, so that sending again after a refusal does not add it twice.
        if (source === 'file') queue.remove(uploaded[i]!.key);
      }
    } catch (error) {
      const byField = messagesByField(error);
      setMessages(byField);
      if (!Object.keys(byField).length) setFailure(t('documents.failed', { message: isApiError(error) || error instanceof Error ? error.message : String(error) }));
      if (!added) return;
    }
    void notify({ color: 'green', message: t(`${K}.done`, { count: added }) });
    if (added === bodies.length) void navigate(listHref);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="document-add-form">
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">{t(`${K}.title`)}</Title>
      {failure && <Alert color="red" variant="light">{failure}</Alert>}
      <DocumentFields values={fields} onChange={(change) => setFields((all) => ({ ...all, ...change }))} messages={messages} />
      {caregiver
        ? <Text size="sm" c="dimmed">{t(`${K}.fields.sharedWithCaregivers`)}</Text>
        : <Checkbox label={t(`${K}.fields.visibleToCaregivers`)} checked={visibleToCaregivers} onChange={(e) => setVisibleToCaregivers(e.currentTarget.checked)} />}
      <Stack gap={6}>
        <Text size="sm" fw={700} id="document-source">{t(`${K}.fields.source`)}</Text>
        <SegmentedControl aria-labelledby="document-source" value={source} onChange={(v) => setSource(v as Source)} w="fit-content"
          data={[{ value: 'file', label: t(`${K}.sources.file`) }, { value: 'link', label: t(`${K}.sources.link`) }]} />
      </Stack>
      {source === 'link'
        ? <TextInput label={t(`${K}.fields.externalUrl`)} type="url" dir="ltr" placeholder="https://" value={externalUrl} onChange={(e) => setExternalUrl(e.currentTarget.value)} error={messages['body.externalUrl'] ?? messages['body.fileId']} data-testid="document-link" />
        : <FileQueue queue={queue} error={messages['body.fileId']} />}
      <Group gap="sm">
        <Button type="submit" loading={add.isPending} data-testid="document-submit">{t(`${K}.submit`)}</Button>
        <Button component={Link} to={listHref} variant="default">{t(`${K}.cancel`)}</Button>
      </Group>
    </Stack>
    </form>
  );
}
