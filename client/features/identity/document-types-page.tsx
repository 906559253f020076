/**
 * "My establishment" (`/s/:structureIndex/structure`, establishment admins): today its section of
 * identity-document types (spec 001 §7, §8); the establishment's other settings join it as sections.
 * The types: the list,
 * add, rename and delete. A type documents use cannot be deleted (the server answers
 * identity_document_type_in_use; the button says it beforehand); a label is unique in the structure.
 */
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityDocumentType } from '../../../schemas/person-identity.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useDocumentTypeChanges, useDocumentTypes } from './api/identity.ts';
import { IDENTITY } from './texts.ts';

const K = 'identity';
const fieldError = (error: unknown) => (isApiError(error) ? error.message : undefined);

export function Component() {
  const { structure } = useStructureArea();
  const { t } = useTranslation([IDENTITY, 'translation']);
  usePageTitle(t('screens.structure', { ns: 'translation' }));
  const list = useDocumentTypes(structure.id);
  const { create, rename, remove } = useDocumentTypeChanges(structure.id);
  const [label, setLabel] = useState('');
  return (
    <Stack gap="md" data-testid="identity-document-types">
      <Title order={1} size="h2">{t('screens.structure', { ns: 'translation' })}</Title>
      <Title order={2} size="h3">{t(`${K}.types.title`)}</Title>
      <Text c="dimmed" size="sm">{t(`${K}.types.help`)}</Text>
      {list.isPending ? <Loader size="sm" aria-label={t(`${K}.loading`)} />
        : list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} />
          : list.data.length === 0 ? <Text c="dimmed">{t(`${K}.types.empty`)}</Text>
            : (
              <Table striped aria-label={t(`${K}.types.title`)} maw={720}>
                <Table.Thead><Table.Tr><Table.Th>{t(`${K}.types.label`)}</Table.Th><Table.Th>{t(`${K}.types.actions`)}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {list.data.map((type) => <TypeRow key={type.id} type={type} rename={(l) => rename.mutateAsync({ typeId: type.id, label: l })} remove={() => remove.mutate(type.id)} />)}
                </Table.Tbody>
              </Table>
            )}
      {remove.isError && <Alert color="negative" variant="light" role="alert">{remove.error.message}</Alert>}
      <form noValidate onSubmit={(e) => { e.preventDefault(); create.mutate(label, { onSuccess: () => setLabel('') }); }}>
        <Group align="flex-end" maw={720}>
          <TextInput label={t(`${K}.types.new`)} value={label} onChange={(e) => setLabel(e.currentTarget.value)} error={fieldError(create.error)} style={{ flex: 1 }} required />
          <Button type="submit" loading={create.isPending}>{t(`${K}.types.add`)}</Button>
        </Group>
      </form>
    </Stack>
  );
}

function TypeRow({ type, rename, remove }: { type: IdentityDocumentType; rename(label: string): Promise<unknown>; remove(): void }) {
  const { t } = useTranslation(IDENTITY);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <Table.Tr data-type={type.id}>
      <Table.Td>
        {editing === null ? type.label : (
          <TextInput aria-label={t(`${K}.types.label`)} value={editing} onChange={(e) => setEditing(e.currentTarget.value)} error={error} size="xs" />
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          {editing === null
            ? <Button size="compact-xs" variant="default" onClick={() => { setEditing(type.label); setError(undefined); }}>{t(`${K}.types.rename`, { label: type.label })}</Button>
            : <Button size="compact-xs" onClick={() => { rename(editing).then(() => setEditing(null), (e: unknown) => setError(fieldError(e))); }}>{t(`${K}.types.save`)}</Button>}
          <Button size="compact-xs" variant="default" color="warning" disabled={type.inUse} title={type.inUse ? t(`${K}.types.inUse`) : undefined} onClick={remove}>
            {t(`${K}.types.delete`, { label: type.label })}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
