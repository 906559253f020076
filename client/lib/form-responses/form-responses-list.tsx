/**
 * A patient file's questionnaire responses, newest first: for its professionals (Questionnaires
 * tab) and for the patient and caregiver (My Monitoring); each screen says where a response opens.
 */
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDates } from '../dates/use-dates.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { useResponses } from './get-responses.ts';
import { FORM_RESPONSES } from './texts.ts';

const K = 'formResponses';

export function FormResponsesList({ patientFileId, responseHref }: { patientFileId: string; responseHref: (formResponseId: string) => string }) {
  const { t } = useTranslation(FORM_RESPONSES);
  const dates = useDates();
  const responses = useResponses(patientFileId);
  if (!responses.isSuccess) return <QueryState query={responses} loadingLabel={t('loading.text')} />;
  if (!responses.data.length) return <Text c="dimmed">{t(`${K}.empty`)}</Text>;
  return (
    <Table striped highlightOnHover data-testid="form-responses-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t(`${K}.form`)}</Table.Th>
          <Table.Th>{t(`${K}.answeredAt`)}</Table.Th>
          <Table.Th>{t(`${K}.answeredBy`)}</Table.Th>
          <Table.Th>{t(`${K}.version`)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {responses.data.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              <Anchor component={Link} to={responseHref(r.id)}>{r.formName}</Anchor>
            </Table.Td>
            <Table.Td>{r.answeredAt ? dates.dateTime(r.answeredAt) : ''}</Table.Td>
            <Table.Td>
              {r.answeredBy}{' '}
              {r.answeredByCaregiver && <Badge size="xs" variant="light" color="warning">{t(`${K}.byCaregiver`)}</Badge>}
            </Table.Td>
            <Table.Td>{r.version}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
