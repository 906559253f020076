/** A table bound to a list endpoint of the API (`{ data: [...] }`), columns picked by field path. */
import { Table } from '@mantine/core';
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import type { dataTableProps } from '../../../schemas/blocks/generic.ts';
import { bindEndpoint, useList } from '../shared/api/get-list.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EDITOR_NAMESPACE } from '../shared/editor-namespace.ts';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize } from '../shared/layout-text.ts';
import { QueryState } from '../shared/query-state.tsx';
import type { BlockComponentProps } from '../types.ts';
import { cellText } from './cell-text.ts';

export default function DataTableBlock({ props, context }: BlockComponentProps<FromSchema<typeof dataTableProps>>) {
  const { t, i18n } = useTranslation();
  const path = context.preview ? undefined : bindEndpoint(props.endpoint, context);
  const list = useList(path);
  const rows = (list.data?.data ?? []).slice(0, props.pageSize ?? 10);
  return (
    <BlockCard title={localize(props.title, i18n.language)}>
      {!path && <EmptyState>{(context.preview ? t('layoutBuilder.previewNoData', { ns: EDITOR_NAMESPACE }) : t('blocks.patientFileOnly'))}</EmptyState>}
      {path && <QueryState query={list} homeHref={context.areaHref} />}
      {list.isSuccess && rows.length === 0 && <EmptyState>{t('blocks.noRows')}</EmptyState>}
      {rows.length > 0 && (
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>{props.columns.map((c) => <Table.Th key={c.field}>{localize(c.label, i18n.language)}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={i}>{props.columns.map((c) => <Table.Td key={c.field}>{cellText(row, c.field)}</Table.Td>)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </BlockCard>
  );
}
