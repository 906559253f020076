/**
 * My Documents (`/p/:patientFileIndex/documents`, spec 000 §2): the patient's or caregiver's
 * documents of the file, newest first, paged and filtered by type; a row opens the document.
 * Adding is offered while the file is open (the route is `onlyOpened`).
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePatientArea } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import { useCanOpen } from '../../lib/route-access.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { DocumentsTable } from './documents-table.tsx';
import { DOCUMENTS } from './texts.ts';

export function Component() {
  const { t } = useTranslation(DOCUMENTS);
  usePageTitle(t('documents.title'));
  const { index, patientFile } = usePatientArea();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const addHref = paths.patient.documentAdd.getHref({ patientFileIndex: index });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">{t('documents.title')}</Title>
        {canOpen(addHref) && <Button component={Link} to={addHref} data-testid="document-add">{t('documents.add.open')}</Button>}
      </Group>
      <DocumentsTable patientFileId={patientFile.id} homeHref={paths.patient.home.getHref({ patientFileIndex: index })}
        onOpen={(doc) => void navigate(paths.patient.document.getHref({ patientFileIndex: index, documentId: doc.id }))} />
    </Stack>
  );
}
