/**
 * The Documents tab of the professional's patient file (issue 20 §1): the file's documents,
 * newest first, paged and filtered by type and state (live, excluded, entered in error, all), each
 * with its acknowledgement; a row opens
 * `patient-file/:id/documents/:documentId`, where a professional acknowledges it or marks it
 * entered in error.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { DocumentsTable } from './documents-table.tsx';
import { DOCUMENTS } from './texts.ts';

export function DocumentsTab({ file, structureIndex }: { file: { id: string }; structureIndex: number }) {
  const { t } = useTranslation(DOCUMENTS);
  usePageTitle(t('documents.tab'));
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">{t('documents.tab')}</Title>
      <DocumentsTable patientFileId={file.id} withStates homeHref={paths.professional.home.getHref({ structureIndex })}
        onOpen={(doc) => void navigate(paths.professional.patientFileDocument.getHref({ structureIndex, patientFileId: file.id, documentId: doc.id }))} />
    </Stack>
  );
}
