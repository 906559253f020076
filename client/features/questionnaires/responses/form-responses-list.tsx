/** A patient file's questionnaire responses, newest first, for its professionals. */
import { Anchor, Badge, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates/format.ts';
import type { Language } from '../../../lib/languages.ts';
import { paths } from '../../../lib/paths.ts';
import { useResponses } from '../api/get-responses.ts';
import { QueryError } from '../../../lib/ui/query-error.tsx';
import { QUESTIONNAIRES } from '../texts.ts';

export function FormResponsesList({ patientFileId, structureIndex, timeZone }: { patientFileId: string; structureIndex: number; timeZone: string }) {
  const { t, i18n } = useTranslation(QUESTIONNAIRES);
  const responses = useResponses(patientFileId);
  if (responses.isPending) return <Loader aria-label={t('loading.text')} />;
  if (responses.isError) return <QueryError error={responses.error} onRetry={() => void responses.refetch()} homeHref={paths.professional.home.getHref({ structureIndex })} />;
  if (!responses.data.length) return <Text c="dimmed">{t('questionnaires.responses.empty')}</Text>;
  return (
    <Table striped highlightOnHover data-testid="form-responses-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('questionnaires.responses.form')}</Table.Th>
          <Table.Th>{t('questionnaires.responses.answeredAt')}</Table.Th>
          <Table.Th>{t('questionnaires.responses.answeredBy')}</Table.Th>
          <Table.Th>{t('questionnaires.responses.version')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {responses.data.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              <Anchor component={Link} to={paths.professional.patientFileFormResponse.getHref({ structureIndex, patientFileId, formResponseId: r.id })}>{r.formName}</Anchor>
            </Table.Td>
            <Table.Td>{r.answeredAt ? formatDateTime(r.answeredAt, i18n.language as Language, timeZone) : ''}</Table.Td>
            <Table.Td>
              {r.answeredBy}{' '}
              {r.answeredByCaregiver && <Badge size="xs" variant="light" color="warning">{t('questionnaires.response.byCaregiver')}</Badge>}
            </Table.Td>
            <Table.Td>{r.version}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
