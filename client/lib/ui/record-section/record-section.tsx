/**
 * THE pattern of a reference catalogue (indicator types, units, alert statuses, intervention
 * levels, identity-document types; docs/adding-a-screen.md): one section per kind, fed by
 * useRecords(contract group, establishment id). The whole list in a table (the server answers it
 * whole), add and edit in a dialog (the label, then the fields the kind adds), the server's messages
 * on their fields (a 409 NOT_UNIQUE_ERROR on the name), delete refused beforehand for a record in
 * use (and the server's refusal shown if it comes anyway). A row's label is its translated `name`
 * or its plain `label`, as the kind's contract has it.
 */
import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueName } from '../../../../schemas/catalogue.ts';
import { textIn } from '../../../../schemas/localized-text.ts';
import { messagesByField } from '../../api/field-errors.ts';
import { bodyErrors } from '../../forms/body-errors.ts';
import type { RecordSave } from '../../api/records.ts';
import { QueryState, type QueryLike } from '../query-state.tsx';
import { EMPTY_NAME, LabelField, NameFields, nameBodyOf, nameDraftOf, type NameDraft } from './name-fields.tsx';
import { RECORDS } from './texts.ts';

interface RecordRow { id: string; inUse?: boolean; name?: CatalogueName; label?: string }

export interface RecordColumn<R> { header: string; cell(row: R): ReactNode }

/** The fields a kind adds after the label: a draft (blank for a new record: nothing preselected), its inputs, its part of the body. */
export interface ExtraFields<R, D> {
  blank: D;
  draftOf(row: R): D;
  /** The inputs, with the server's messages by field (`body.symbol`). */
  fields(draft: D, set: (next: D) => void, errors: Record<string, string>): ReactNode;
  /** The body's other properties; the draft itself when absent. */
  bodyOf?(draft: D): object;
}

export interface RecordSectionProps<R extends RecordRow, B, D> {
  records: {
    /** The contract's body schema: checked before sending, so an empty form is said on its fields, not by a 400. */
    bodySchema?: object;
    query: QueryLike<R[]>;
    save: UseMutationResult<unknown, Error, RecordSave<B>>;
    remove: UseMutationResult<unknown, Error, string>;
  };
  testId: string;
  texts: { title: string; new: string; empty: string; help?: string };
  /** How the kind's contract labels a record: `name` in three languages (the default) or one plain `label`. */
  labelKind?: 'name' | 'label';
  /** Columns after the label. */
  columns?: RecordColumn<R>[];
  extra?: ExtraFields<R, D>;
}

interface Editing<D> { id?: string; name: NameDraft; label: string; draft: D | undefined }

export function RecordSection<R extends RecordRow, B, D = never>(props: RecordSectionProps<R, B, D>) {
  const { t, i18n } = useTranslation(RECORDS);
  const { t: tCommon } = useTranslation();
  const { records: { query, save, remove, bodySchema }, texts, extra, columns = [], labelKind = 'name' } = props;
  const [editing, setEditing] = useState<Editing<D> | null>(null);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const errors = { ...messagesByField(save.error), ...checked };
  const open = (next: Editing<D>) => { save.reset(); setChecked({}); setEditing(next); };
  const labelOf = (row: R) => (row.name ? textIn(row.name, i18n.language) ?? row.name.fr : row.label ?? '');
  const submit = (e: Editing<D>) => {
    const label = labelKind === 'name' ? { name: nameBodyOf(e.name) } : { label: e.label };
    const rest = extra && e.draft !== undefined ? (extra.bodyOf ? extra.bodyOf(e.draft) : e.draft) : {};
    // The label and the kind's fields make the contract's body, checked here against the contract's
    // schema and again, whole, by the server.
    const body = { ...label, ...rest };
    const found = bodySchema ? bodyErrors(bodySchema, body, tCommon) : {};
    setChecked(found);
    if (Object.keys(found).length) return;
    save.mutate({ id: e.id, body: body as B }, { onSuccess: () => setEditing(null) });
  };
  return (
    <Stack gap="sm" data-testid={props.testId} component="section">
      <Group justify="space-between">
        <Title order={2} size="h3">{texts.title}</Title>
        <Button variant="light" onClick={() => open({ name: EMPTY_NAME, label: '', draft: extra?.blank })}>{texts.new}</Button>
      </Group>
      {texts.help && <Text c="dimmed" size="sm">{texts.help}</Text>}
      <QueryState query={query} loadingLabel={t('records.loading')} empty={texts.empty}>
        {(rows) => (
          <Table striped aria-label={texts.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(labelKind === 'name' ? 'records.name' : 'records.label')}</Table.Th>
                {columns.map((c) => <Table.Th key={c.header}>{c.header}</Table.Th>)}
                <Table.Th>{t('records.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-id={row.id}>
                  <Table.Td><bdi>{labelOf(row)}</bdi></Table.Td>
                  {columns.map((c) => <Table.Td key={c.header}>{c.cell(row)}</Table.Td>)}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-xs" variant="default" aria-label={t('records.editOf', { name: labelOf(row) })}
                        onClick={() => open({ id: row.id, name: row.name ? nameDraftOf(row.name) : EMPTY_NAME, label: row.label ?? '', draft: extra?.draftOf(row) })}>
                        {t('records.edit')}
                      </Button>
                      <Button size="compact-xs" variant="default" color="warning" disabled={row.inUse}
                        title={row.inUse ? t('records.inUse') : undefined} aria-label={t('records.deleteOf', { name: labelOf(row) })}
                        loading={remove.isPending && remove.variables === row.id} onClick={() => remove.mutate(row.id)}>
                        {t('records.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {remove.isError && <Alert color="negative" variant="light" role="alert">{remove.error.message}</Alert>}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg"
        title={editing?.id ? t('records.editOf', { name: labelKind === 'name' ? editing.name.fr : editing.label }) : texts.new}>
        {editing && (
          <form noValidate onSubmit={(e) => { e.preventDefault(); submit(editing); }}>
            <Stack gap="sm">
              {labelKind === 'name'
                ? <NameFields value={editing.name} onChange={(name) => setEditing({ ...editing, name })} errors={errors} />
                : <LabelField value={editing.label} onChange={(label) => setEditing({ ...editing, label })} errors={errors} />}
              {extra && editing.draft !== undefined && extra.fields(editing.draft, (draft) => setEditing({ ...editing, draft }), errors)}
              {save.isError && Object.keys(errors).length === 0 && <Alert color="negative" variant="light" role="alert">{save.error.message}</Alert>}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>{t('records.cancel')}</Button>
                <Button type="submit" loading={save.isPending}>{t('records.save')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
