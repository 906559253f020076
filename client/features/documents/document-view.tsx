/**
 * One document, for the patient's side and the professional's: its title, type, dates, who added
 * it, its acknowledgement (waiting, or by whom and when), and its content. An image is shown in
 * the page, a PDF opens in the browser (a new tab: every answer of the server refuses to be
 * framed), anything else is only downloaded, never rendered inline; a link opens in a new tab.
 * Reading or downloading the bytes writes DOCUMENT_VIEWED / DOCUMENT_DOWNLOADED to the file's
 * history. `actions` holds what the viewer may do (document-actions.tsx).
 */
import { Alert, Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientDocument } from '../../../schemas/documents.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { formatNumber, upTo } from '../../lib/i18n/use-number.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { documentBytesUrl, useDocument } from './api/documents.ts';
import { AcknowledgementBadge } from './documents-table.tsx';
import { DOCUMENTS } from './texts.ts';

const K = 'documents';
const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export interface DocumentScreenProps {
  patientFileId: string;
  documentId: string;
  homeHref: string;
  actions?(doc: PatientDocument): ReactNode;
}

export function DocumentScreen({ patientFileId, documentId, homeHref, actions }: DocumentScreenProps) {
  const { t } = useTranslation(DOCUMENTS);
  const query = useDocument(patientFileId, documentId);
  usePageTitle(query.data?.title ?? t(`${K}.loading`));
  return (
    <QueryState query={query} loadingLabel={t(`${K}.loading`)} homeHref={homeHref}>
      {(doc) => <DocumentView doc={doc} actions={actions?.(doc)} />}
    </QueryState>
  );
}

function DocumentView({ doc, actions }: { doc: PatientDocument; actions?: ReactNode }) {
  const { t } = useTranslation(DOCUMENTS);
  const { dateTime, calendarDate, language } = useDates();
  const who = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  const ack = doc.acknowledgement;
  return (
    <Stack gap="md" data-testid="document-screen">
      <Stack gap={4}>
        <Title order={1} size="h2">{doc.title}</Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">{t(`${K}.types.${doc.type}`)}</Text>
          <AcknowledgementBadge doc={doc} />
        </Group>
      </Stack>
      <Paper withBorder p="sm">
        <Stack gap={4}>
          {doc.description && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{doc.description}</Text>}
          <Text size="sm">{t(`${K}.view.addedBy`, { name: `${who(doc.createdBy)}${doc.providedAsCaregiver ? ` (${t(`${K}.asCaregiver`)})` : ''}`, date: dateTime(doc.createdAt, 'short') })}</Text>
          <Text size="sm" data-testid="document-acknowledgement">
            {ack.status === 'ACKNOWLEDGED' && ack.at
              ? t(`${K}.status.acknowledgedBy`, { name: ack.by ? who(ack.by) : '', date: dateTime(ack.at, 'short') })
              : t(`${K}.status.waitingLong`)}
          </Text>
          <Period doc={doc} />
          {doc.reminderDate && <Text size="sm">{t(`${K}.view.reminder`, { date: calendarDate(doc.reminderDate) })}</Text>}
          {doc.file && <Text size="sm">{t(`${K}.view.file`, { name: doc.file.name, size: sizeText(doc.file.size, language, t) })}</Text>}
          {doc.excludedAt && !doc.enteredInError && (
            <Alert color="gray" variant="light" p="xs" data-testid="document-excluded">{t(`${K}.view.excluded`, { date: dateTime(doc.excludedAt, 'short') })}</Alert>
          )}
          {doc.enteredInError && (
            <Alert color="red" variant="light" p="xs">
              {t(`${K}.view.enteredInError`, { name: who(doc.enteredInError.by), date: dateTime(doc.enteredInError.at, 'short'), reason: doc.enteredInError.reason })}
            </Alert>
          )}
        </Stack>
      </Paper>
      {actions}
      <Content doc={doc} />
    </Stack>
  );
}

function Period({ doc }: { doc: PatientDocument }) {
  const { t } = useTranslation(DOCUMENTS);
  const { calendarDate } = useDates();
  const [start, end] = [doc.startDate && calendarDate(doc.startDate), doc.endDate && calendarDate(doc.endDate)];
  if (!start && !end) return null;
  return <Text size="sm">{start && end ? t(`${K}.view.period`, { start, end }) : start ? t(`${K}.view.from`, { start }) : t(`${K}.view.until`, { end })}</Text>;
}

function Content({ doc }: { doc: PatientDocument }) {
  const { t } = useTranslation(DOCUMENTS);
  const { language } = useDates();
  if (!doc.file) {
    return doc.externalUrl
      ? <div><Button component="a" href={doc.externalUrl} target="_blank" rel="noopener noreferrer" variant="light" dir="ltr">{t(`${K}.view.openLink`)}</Button></div>
      : null;
  }
  const view = documentBytesUrl(doc.id, 'view', language);
  const download = documentBytesUrl(doc.id, 'download', language);
  const mime = doc.file.mimeType ?? '';
  return (
    <Stack gap="sm">
      {IMAGES.includes(mime) && <Image src={view} alt={t(`${K}.view.preview`, { title: doc.title })} maw={720} fit="contain" radius="sm" />}
      {!IMAGES.includes(mime) && mime !== 'application/pdf' && <Alert color="info" variant="light">{t(`${K}.view.noPreview`)}</Alert>}
      <Group gap="sm">
        {mime === 'application/pdf' && <Button component="a" href={view} target="_blank" rel="noopener noreferrer" data-testid="document-open">{t(`${K}.view.openAlone`)}</Button>}
        <Button component="a" href={download} download={doc.file.name} variant="light" data-testid="document-download">{t(`${K}.view.download`)}</Button>
        {IMAGES.includes(mime) && <Anchor href={view} target="_blank" rel="noopener noreferrer" size="sm">{t(`${K}.view.openAlone`)}</Anchor>}
      </Group>
    </Stack>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** Bytes as B, KB or MB in the interface's digits. */
export function sizeText(size: number | null, language: Parameters<typeof formatNumber>[0], t: T): string {
  if (size === null) return '—';
  if (size < 1024) return t(`${K}.sizes.B`, { value: formatNumber(language, size) });
  if (size < 1024 * 1024) return t(`${K}.sizes.KB`, { value: formatNumber(language, size / 1024, upTo(1)) });
  return t(`${K}.sizes.MB`, { value: formatNumber(language, size / (1024 * 1024), upTo(1)) });
}
