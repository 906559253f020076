/** Chooses the patient file or structure to work in (spec 000 §2). */
import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { PatientFileCard } from './patient-file-card.tsx';
import { StructureCard } from './structure-card.tsx';

export function ContextSelectorPage() {
  const { t } = useTranslation();
  const { patientFiles, structures, kind } = useSessionData();
  usePageTitle(t('screens.contextSelector'));
  return (
    <Stack gap="xl" maw={960}>
      <Title order={1} size="h2">{t('screens.contextSelector')}</Title>
      {patientFiles.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="selector-files">
          <Title order={2} size="h4" id="selector-files">{t('contextSelector.patientFiles')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {patientFiles.map((file, index) => <PatientFileCard key={file.id} file={file} index={index} />)}
          </SimpleGrid>
        </Stack>
      )}
      {structures.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="selector-structures">
          <Title order={2} size="h4" id="selector-structures">{t('contextSelector.structures')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {structures.map((structure, index) => <StructureCard key={structure.id} structure={structure} index={index} />)}
          </SimpleGrid>
        </Stack>
      )}
      {patientFiles.length === 0 && structures.length === 0 && <Text>{t('contextSelector.empty')}</Text>}
      {kind === 'admin' && (
        <Anchor component={Link} to={paths.structureCreate.getHref()}>{t('screens.structureCreate')}</Anchor>
      )}
    </Stack>
  );
}

export const Component = ContextSelectorPage;
