/**
 * One small catalogue list (indicator types, units, alert statuses, intervention levels) as a
 * section: the whole list in a table (the server answers it whole), add and edit in a dialog whose
 * fields the section gives, the server's messages on their fields, delete unless in use.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueName } from '../../../schemas/catalogue.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { EMPTY_NAME, NameFields, nameBodyOf, nameDraftOf, type NameDraft } from './name-fields.tsx';
import { CATALOGUE } from './texts.ts';

interface CatalogueRow { id: string; name: CatalogueName; inUse?: boolean }
type Save<B> = UseMutationResult<unknown, Error, { id?: string; body: B }>;

export interface RecordSectionProps<R extends CatalogueRow, D, B> {
  testId: string;
  title: string;
  help?: string;
  newLabel: string;
  emptyText: string;
  query: UseQueryResult<R[]>;
  /** Columns after the name. */
  columns: { header: string; cell(row: R): ReactNode }[];
  /** The draft of the fields besides the name: blank for a new record (nothing preselected), else the row's. */
  blank: D;
  draftOf(row: R): D;
  /** The fields besides the name, with the server's messages by field (`body.symbol`). */
  fields(draft: D, set: (next: D) => void, errors: Record<string, string>): ReactNode;
  bodyOf(name: CatalogueName, draft: D): B;
  save: Save<B>;
  remove: UseMutationResult<unknown, Error, string>;
}

interface Editing<D> { id?: string; name: NameDraft; draft: D }

export function RecordSection<R extends CatalogueRow, D, B>(props: RecordSectionProps<R, D, B>) {
  const { t, i18n } = useTranslation(CATALOGUE);
  const { query, save, remove } = props;
  const [editing, setEditing] = useState<Editing<D> | null>(null);
  const errors = messagesByField(save.error);
  const open = (next: Editing<D>) => { save.reset(); setEditing(next); };
  const nameOf = (row: R) => textIn(row.name, i18n.language) ?? row.name.fr;
  return (
    <Stack gap="sm" data-testid={props.testId} component="section">
      <Group justify="space-between">
        <Title order={2} size="h3">{props.title}</Title>
        <Button variant="light" onClick={() => open({ name: EMPTY_NAME, draft: props.blank })}>{props.newLabel}</Button>
      </Group>
      {props.help && <Text c="dimmed" size="sm">{props.help}</Text>}
      {query.isPending ? <Loader size="sm" aria-label={t('catalogue.common.loading')} />
        : query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} />
          : query.data.length === 0 ? <Text c="dimmed">{props.emptyText}</Text>
            : (
              <Table striped aria-label={props.title}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('catalogue.common.name')}</Table.Th>
                    {props.columns.map((c) => <Table.Th key={c.header}>{c.header}</Table.Th>)}
                    <Table.Th>{t('catalogue.common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.map((row) => (
                    <Table.Tr key={row.id} data-id={row.id}>
                      <Table.Td><bdi>{nameOf(row)}</bdi></Table.Td>
                      {props.columns.map((c) => <Table.Td key={c.header}>{c.cell(row)}</Table.Td>)}
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="compact-xs" variant="default" aria-label={t('catalogue.common.editOf', { name: nameOf(row) })}
                            onClick={() => open({ id: row.id, name: nameDraftOf(row.name), draft: props.draftOf(row) })}>
                            {t('catalogue.common.edit')}
                          </Button>
                          <Button size="compact-xs" variant="default" color="warning" disabled={row.inUse}
                            title={row.inUse ? t('catalogue.common.inUse') : undefined} aria-label={t('catalogue.common.deleteOf', { name: nameOf(row) })}
                            loading={remove.isPending && remove.variables === row.id} onClick={() => remove.mutate(row.id)}>
                            {t('catalogue.common.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
      {remove.isError && <Alert color="negative" variant="light" role="alert">{remove.error.message}</Alert>}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg"
        title={editing?.id ? t('catalogue.common.editOf', { name: editing.name.fr }) : props.newLabel}>
        {editing && (
          <form noValidate onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ id: editing.id, body: props.bodyOf(nameBodyOf(editing.name), editing.draft) }, { onSuccess: () => setEditing(null) });
          }}>
            <Stack gap="sm">
              <NameFields value={editing.name} onChange={(name) => setEditing({ ...editing, name })} errors={errors} />
              {props.fields(editing.draft, (draft) => setEditing({ ...editing, draft }), errors)}
              {save.isError && Object.keys(errors).length === 0 && <Alert color="negative" variant="light" role="alert">{save.error.message}</Alert>}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>{t('catalogue.common.cancel')}</Button>
                <Button type="submit" loading={save.isPending}>{t('catalogue.common.save')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
