/**
 * A patient file's documents as one table, for the patient's My Documents and the professional's
 * Documents tab: paged, sorted by the server's sorts (newest first by default), filtered by type,
 * the state in the address. Each row says its title (a link or a file), type, date, who added it
 * and whether a professional has acknowledged it; a row opens the document.
 */
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATES, DOCUMENT_TYPES, type PatientDocument } from '../../../schemas/documents.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import { useListState } from '../../lib/ui/data-table/use-list-state.ts';
import { useDocuments } from './api/documents.ts';
import { documentList, documentsQuery } from './list-definition.ts';
import { DOCUMENTS } from './texts.ts';

const K = 'documents';

export interface DocumentsTableProps {
  patientFileId: string;
  onOpen(doc: PatientDocument): void;
  homeHref: string;
  /** Offer the professional's choice of live, excluded, entered-in-error or all documents. */
  withStates?: boolean;
}

export function DocumentsTable({ patientFileId, onOpen, homeHref, withStates = false }: DocumentsTableProps) {
  const { t } = useTranslation(DOCUMENTS);
  const list = useListState(documentList);
  const query = useDocuments(patientFileId, documentsQuery(list, withStates));
  const columns = useDocumentColumns();
  const type = list.filters.type[0] ?? null;
  const types = useMemo(() => DOCUMENT_TYPES.map((value) => ({ value, label: t(`${K}.types.${value}`) })), [t]);
  const states = useMemo(() => DOCUMENT_STATES.map((value) => ({ value, label: t(`${K}.states.${value}`) })), [t]);
  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select label={t(`${K}.filters.type`)} placeholder={t(`${K}.filters.anyType`)} data={types} value={type} clearable
          onChange={(value) => list.setFilter('type', value ? [value] : [])} w={{ base: '100%', sm: 320 }} data-testid="documents-type" />
        {withStates && (
          <Select label={t(`${K}.filters.state`)} data={states} value={list.filters.state[0] ?? 'active'} allowDeselect={false}
            onChange={(value) => list.setFilter('state', value && value !== 'active' ? [value] : [])} w={{ base: '100%', sm: 240 }} data-testid="documents-state" />
        )}
      </Group>
      <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} onOpen={onOpen}
        label={t(`${K}.tableLabel`)} emptyText={t(type ? `${K}.emptyOfType` : `${K}.empty`)} homeHref={homeHref} minWidth={600} />
    </Stack>
  );
}

function useDocumentColumns(): ColumnDef<PatientDocument, unknown>[] {
  const { t } = useTranslation(DOCUMENTS);
  const { dateTime } = useDates();
  return useMemo(() => [
    {
      id: 'title', header: t(`${K}.columns.title`),
      cell: ({ row: { original: doc } }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>{doc.title}</Text>
          <Text size="xs" c="dimmed" dir="auto">{doc.file?.name ?? t(`${K}.link`)}</Text>
        </Stack>
      ),
    },
    { id: 'type', header: t(`${K}.columns.type`), cell: ({ row }) => <Text size="sm">{t(`${K}.types.${row.original.type}`)}</Text> },
    {
      id: 'createdAt', header: t(`${K}.columns.createdAt`),
      cell: ({ row }) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{dateTime(row.original.createdAt, 'short')}</Text>,
    },
    {
      id: 'addedBy', header: t(`${K}.columns.addedBy`),
      cell: ({ row: { original: doc } }) => (
        <Text size="sm">{doc.createdBy.firstName} {doc.createdBy.lastName}{doc.providedAsCaregiver ? ` (${t(`${K}.asCaregiver`)})` : ''}</Text>
      ),
    },
    { id: 'status', header: t(`${K}.columns.status`), cell: ({ row }) => <AcknowledgementBadge doc={row.original} /> },
  ], [t, dateTime]);
}

export function AcknowledgementBadge({ doc }: { doc: PatientDocument }) {
  const { t } = useTranslation(DOCUMENTS);
  // The theme's colours, filled, as the file's status badge: legible on both themes.
  if (doc.enteredInError) return <Badge color="negative" variant="filled" style={{ flexShrink: 0 }}>{t(`${K}.status.enteredInError`)}</Badge>;
  if (doc.excludedAt) return <Badge color="gray.7" variant="filled" style={{ flexShrink: 0 }}>{t(`${K}.status.excluded`)}</Badge>;
  const status = doc.acknowledgement.status;
  return (
    <Badge color={status === 'ACKNOWLEDGED' ? 'positive' : 'warning'} variant="filled" style={{ flexShrink: 0 }} data-status={status}>
      {t(`${K}.status.${status}`)}
    </Badge>
  );
}
