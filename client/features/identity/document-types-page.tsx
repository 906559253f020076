/**
 * "My establishment" (`/s/:structureIndex/structure`, establishment admins): today its section of
 * identity-document types (spec 001 §7, §8), a reference catalogue like the others (lib/ui/record-section):
 * the list, add, rename and delete. A type documents use cannot be deleted (the server answers
 * identity_document_type_in_use; the button says it beforehand); a label is unique in the structure.
 * The establishment's other settings join it as sections: how values are received — the bound on
 * late values and the patients' correction delay (measure-settings-section.tsx).
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { identityDocumentTypeRoutes } from '../../../schemas/api/identity.ts';
import { useRecords } from '../../lib/api/records.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { RecordSection } from '../../lib/ui/record-section/record-section.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { MeasureSettingsSection } from './measure-settings-section.tsx';
import { IDENTITY } from './texts.ts';

export function Component() {
  const { structure } = useStructureArea();
  const { t } = useTranslation([IDENTITY, 'translation']);
  usePageTitle(t('screens.structure', { ns: 'translation' }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('screens.structure', { ns: 'translation' })}</Title>
      <RecordSection testId="identity-document-types" labelKind="label" records={useRecords(identityDocumentTypeRoutes, structure.id)}
        texts={{ title: t('identity.types.title'), help: t('identity.types.help'), new: t('identity.types.new'), empty: t('identity.types.empty') }} />
      <MeasureSettingsSection establishmentId={structure.id} />
    </Stack>
  );
}
