/**
 * The block's second list: documents the patient's side added that wait for a professional's
 * acknowledgement, the longest waiting first; each opens the document in its file, where it is
 * acknowledged. Paged in the block.
 */
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSize } from '../../../schemas/common.ts';
import type { WaitingDocument } from '../../../schemas/documents.ts';
import { INBOX } from '../../lib/messages/texts.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useLocalListState } from '../../lib/ui/data-table/use-list-state.ts';
import { resolveHref } from '../shared/layout-text.ts';
import { WhenCell } from '../shared/when-cell.tsx';
import type { BlockContext } from '../types.ts';
import { waitingDocumentListQueryOptions } from './get-waiting-documents.ts';

const SORTS = ['createdAt', '-createdAt'] as const;
type Sort = (typeof SORTS)[number];
const column = createColumnHelper<WaitingDocument>();

export function WaitingDocumentsTable({ context, pageSize }: { context: BlockContext; pageSize: number }) {
  const { t } = useTranslation(INBOX);
  const definition = useMemo<ListDefinition<Sort, never>>(() => ({ sorts: SORTS, defaultSort: 'createdAt', filters: [], defaultPageSize: pageSize }), [pageSize]);
  const list = useLocalListState(definition);
  const query = useQuery(waitingDocumentListQueryOptions(context.structureId, { sort: list.sort, page: list.page, pageSize: list.pageSize as PageSize }));
  const columns = useMemo(() => [
    column.accessor((row) => `${row.patient.lastName} ${row.patient.firstName}`, {
      id: 'patient', header: t('inbox.block.patient'), enableSorting: false,
      cell: ({ row: { original } }) => <Text size="sm"><bdi>{original.patient.lastName} {original.patient.firstName}</bdi></Text>,
    }),
    column.accessor((row) => row.title, {
      id: 'title', header: t('inbox.block.waiting.document'), enableSorting: false,
      cell: ({ row: { original } }) => (
        <Anchor component={Link} to={resolveHref(`patient-file/${original.patientFileId}/documents/${original.id}`, context.areaHref).href} data-testid="waiting-document-link">
          <bdi>{original.title}</bdi>
        </Anchor>
      ),
    }),
    column.accessor((row) => row.createdAt, { id: 'createdAt', header: t('inbox.block.waiting.added'), cell: ({ getValue }) => <WhenCell value={getValue()} /> }),
  ], [t, context.areaHref]);
  const label = t('inbox.block.waiting.title');
  return (
    <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} label={label}
      emptyText={t('inbox.block.waiting.empty')} homeHref={context.areaHref} pageSizes={[list.pageSize]} minWidth={320} />
  );
}
