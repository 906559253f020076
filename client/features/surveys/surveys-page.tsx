/**
 * The back office's questionnaires (`/s/:structureIndex/surveys`, spec 000 §2): the
 * establishment's questionnaires as the platform runs them (provisioned from JSON files), and its
 * form types in the reference-catalogue pattern (spec 000 §1: form types are part of the back
 * office's catalogue; a tab here, as units and indicator types are tabs of the indicators screen).
 */
import { Badge, Stack, Table, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formTypeRoutes } from '../../../schemas/api/form-types.ts';
import { useForms } from '../../blocks/shared/api/get-forms.ts';
import { useRecords } from '../../lib/api/records.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { RecordSection } from '../../lib/ui/record-section/record-section.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { SURVEYS } from './texts.ts';

function QuestionnairesTab({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(SURVEYS);
  return (
    <QueryState query={useForms(establishmentId)} empty={t('surveys.forms.empty')} isEmpty={(list) => list.data.length === 0}>
      {(list) => (
        <Table striped aria-label={t('surveys.tabs.forms')}>
          <Table.Thead>
            <Table.Tr>{(['name', 'reference', 'kind', 'version'] as const).map((c) => <Table.Th key={c}>{t(`surveys.forms.${c}`)}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((form) => (
              <Table.Tr key={form.id}>
                <Table.Td><bdi>{form.name}</bdi></Table.Td>
                <Table.Td><bdi dir="ltr">{form.reference}</bdi></Table.Td>
                <Table.Td><Badge variant="light" tt="none">{t(`surveys.forms.kinds.${form.submissionType}`)}</Badge></Table.Td>
                <Table.Td>{t('surveys.forms.versionNumber', { version: form.version })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

function FormTypesTab({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(SURVEYS);
  return (
    <RecordSection testId="form-types" records={useRecords(formTypeRoutes, establishmentId)}
      texts={{ title: t('surveys.types.title'), help: t('surveys.types.help'), new: t('surveys.types.new'), empty: t('surveys.types.empty') }} />
  );
}

export function SurveysPage() {
  const { structure } = useStructureArea();
  const { t } = useTranslation(SURVEYS);
  usePageTitle(t('surveys.title'));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('surveys.title')}</Title>
      <Tabs defaultValue="forms" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="forms">{t('surveys.tabs.forms')}</Tabs.Tab>
          <Tabs.Tab value="types">{t('surveys.tabs.types')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="forms" pt="md"><QuestionnairesTab establishmentId={structure.id} /></Tabs.Panel>
        <Tabs.Panel value="types" pt="md"><FormTypesTab establishmentId={structure.id} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export const Component = SurveysPage;
