/**
 * Documents and messaging on the professional dashboard (issue 20 §4): the conversations of the
 * files the caller follows in the structure, those with unread messages first (then the most
 * recent), each with its patient (a link to the file's Messages tab), the last message's time and
 * the caller's unread count, paged in the block and refetched on every live `message.created`;
 * then the documents the patient's side added that wait for acknowledgement
 * (waiting-documents-table.tsx).
 */
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { FromSchema } from 'json-schema-to-ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { documentsMessagingProps } from '../../../schemas/blocks/domain.ts';
import type { PageSize } from '../../../schemas/common.ts';
import type { Conversation } from '../../../schemas/messages.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { formatNumber } from '../../lib/i18n/use-number.ts';
import { INBOX } from '../../lib/messages/texts.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useLocalListState } from '../../lib/ui/data-table/use-list-state.ts';
import { DASHBOARD_BLOCKS } from '../alerts/texts.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EDITOR_NAMESPACE } from '../shared/editor-namespace.ts';
import { EmptyState } from '../shared/empty-state.tsx';
import { useFollowsFiles } from '../shared/follows-files.ts';
import { localize, resolveHref } from '../shared/layout-text.ts';
import { WhenCell } from '../shared/when-cell.tsx';
import type { BlockComponentProps } from '../types.ts';
import { conversationListQueryOptions } from './get-conversations.ts';
import { WaitingDocumentsTable } from './waiting-documents-table.tsx';

const SORTS = ['-unread', 'unread', '-lastMessageAt', 'lastMessageAt'] as const;
type Sort = (typeof SORTS)[number];
const column = createColumnHelper<Conversation>();

export default function DocumentsMessagingBlock({ props, context }: BlockComponentProps<FromSchema<typeof documentsMessagingProps>>) {
  const { t, i18n } = useTranslation([DASHBOARD_BLOCKS, INBOX]);
  const dates = useDates();
  const definition = useMemo<ListDefinition<Sort, never>>(
    () => ({ sorts: SORTS, defaultSort: '-unread', filters: [], defaultPageSize: props.pageSize ?? 5 }), [props.pageSize]);
  const list = useLocalListState(definition);
  const follows = useFollowsFiles(context);
  const query = useQuery(conversationListQueryOptions(context.preview || !follows ? undefined : context.structureId,
    { sort: list.sort, page: list.page, pageSize: list.pageSize as PageSize }));
  const columns = useMemo(() => [
    column.accessor((row) => `${row.patient.lastName} ${row.patient.firstName}`, {
      id: 'patient', header: t('inbox.block.patient', { ns: INBOX }), enableSorting: false,
      cell: ({ row: { original } }) => (
        <Anchor component={Link} to={resolveHref(`patient-file/${original.patientFileId}/messages`, context.areaHref).href} data-testid="conversation-link">
          <bdi>{original.patient.lastName} {original.patient.firstName}</bdi>
        </Anchor>
      ),
    }),
    column.accessor((row) => row.lastMessageAt, { id: 'lastMessageAt', header: t('inbox.block.lastMessage', { ns: INBOX }), cell: ({ getValue }) => <WhenCell value={getValue()} /> }),
    column.accessor((row) => row.unread, {
      id: 'unread', header: t('inbox.block.unread', { ns: INBOX }),
      cell: ({ getValue }) => (getValue() > 0
        ? <Badge color="red" variant="filled" aria-label={t('inbox.block.unreadCount', { ns: INBOX, count: getValue() })} data-testid="conversation-unread">{formatNumber(dates.language, getValue())}</Badge>
        : <Text size="sm" c="dimmed">{t('inbox.block.read', { ns: INBOX })}</Text>),
    }),
  ], [t, dates, context.areaHref]);

  const title = localize(props.title, i18n.language) || t('blocks.types.documents-messaging');
  return (
    <BlockCard title={title}>
      {context.preview
        ? <EmptyState>{t('layoutBuilder.previewNoData', { ns: EDITOR_NAMESPACE })}</EmptyState>
        : !follows ? <EmptyState>{t('dashboardBlocks.noFileAccess', { ns: DASHBOARD_BLOCKS })}</EmptyState>
        : (
          <Stack gap="md">
            <Title order={3} size="h5">{t('inbox.block.conversations', { ns: INBOX })}</Title>
            <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.patientFileId} label={t('inbox.block.conversations', { ns: INBOX })}
              emptyText={t('inbox.block.empty', { ns: INBOX })} homeHref={context.areaHref} pageSizes={[list.pageSize]} minWidth={320} />
            <Title order={3} size="h5">{t('inbox.block.waiting.title', { ns: INBOX })}</Title>
            <WaitingDocumentsTable context={context} pageSize={props.pageSize ?? 5} />
          </Stack>
        )}
    </BlockCard>
  );
}
