/**
 * My Messenger (`/p/:patientFileIndex/messages`, spec 000 §2; issue 20 §4): the active file's
 * conversation with its care team, for the patient and her caregivers, with the caution that
 * messaging is not for emergencies (15, 112) where she writes.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePatientArea } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Conversation } from './conversation.tsx';
import { EmergencyCaution } from './emergency-caution.tsx';
import { MESSAGES } from './texts.ts';

export function Component() {
  const { t } = useTranslation(MESSAGES);
  usePageTitle(t('messages.title'));
  const { index, patientFile } = usePatientArea();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} size="h2">{t('messages.title')}</Title>
      <Conversation patientFileId={patientFile.id} homeHref={paths.patient.home.getHref({ patientFileIndex: index })} beforeCompose={<EmergencyCaution />} />
    </Stack>
  );
}
