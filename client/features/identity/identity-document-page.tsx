/**
 * An identity document (`/s/:structureIndex/patient/:patientId/documents/:documentId`, spec 000 §2): its
 * type, who uploaded and who confirmed it, and the document itself — an image shown inline, a PDF to
 * download (the server sends PDFs as attachments: a browser's PDF viewer runs scripts). Reading the
 * bytes writes DOCUMENT_VIEWED to the patient file's history.
 */
import { Alert, Anchor, Button, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDates } from '../../lib/dates/use-dates.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { documentDownloadUrl, useIdentityDocument } from './api/identity.ts';
import { IDENTITY } from './texts.ts';

const K = 'identity';

export function Component() {
  const { patientId = '', documentId = '' } = useParams();
  const { index } = useStructureArea();
  const { t } = useTranslation(IDENTITY);
  const dates = useDates();
  const query = useIdentityDocument(patientId, documentId);
  usePageTitle(query.data ? t(`${K}.document.title`, { type: query.data.type.label }) : t(`${K}.document.loading`));
  if (!query.isSuccess) return <QueryState query={query} loadingLabel={t(`${K}.document.loading`)} homeHref={paths.professional.home.getHref({ structureIndex: index })} />;
  const doc = query.data;
  const url = documentDownloadUrl(patientId, documentId);
  const image = doc.file.mimeType === 'image/png' || doc.file.mimeType === 'image/jpeg';
  return (
    <Stack gap="md" data-testid="identity-document-screen">
      <Title order={1} size="h2">{t(`${K}.document.title`, { type: doc.type.label })}</Title>
      <Paper withBorder p="sm">
        <Stack gap={4}>
          <Text size="sm">{t(`${K}.document.file`, { name: doc.file.name })}</Text>
          <Text size="sm">{t(`${K}.document.uploaded`, { name: doc.uploadedBy, date: dates.calendarDate(doc.createdAt.slice(0, 10)) })}</Text>
          <Text size="sm">{doc.confirmedBy && doc.confirmedAt
            ? t(`${K}.document.confirmed`, { name: doc.confirmedBy, date: dates.calendarDate(doc.confirmedAt.slice(0, 10)) })
            : t(`${K}.documents.notConfirmed`)}</Text>
        </Stack>
      </Paper>
      {image
        ? <Image src={url} alt={t(`${K}.document.alt`, { type: doc.type.label })} maw={720} fit="contain" radius="sm" />
        : <Alert color="info" variant="light">{t(`${K}.document.pdf`)}</Alert>}
      <div>
        <Button component="a" href={url} download={doc.file.name} variant="light">{t(`${K}.document.download`)}</Button>
      </div>
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">{t(`${K}.document.openAlone`)}</Anchor>
    </Stack>
  );
}
