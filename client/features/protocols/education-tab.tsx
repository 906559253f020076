/**
 * The protocols screen's "Therapeutic content" tab (issue 20 §2): a service's library of
 * educational material, shown to the patients and caregivers of every file of that service from
 * their monitoring screen. Kept here because the same people write the service's care plan
 * (protocols privilege, held in the establishment or in the service: a service the caller does
 * not manage answers 404, said as such). The whole library is listed (a few dozen items, no
 * paging); items are archived (hidden from patients, kept) and restored, never deleted.
 */
import { Alert, Anchor, Badge, Button, FileInput, Group, Modal, SegmentedControl, Select, Stack, Switch, Table, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDUCATION_FILE_TYPES, EDUCATION_KINDS as KINDS, type EducationItem, type EducationKind } from '../../../schemas/education.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { EducationKindIcon } from '../../lib/education/kind-icon.tsx';
import { youtubeEmbedUrl } from '../../lib/education/queries.ts';
import { EDUCATION_KINDS } from '../../lib/education/texts.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { libraryFileUrl, useAddEducation, useArchiveEducation, useEditEducation, useServiceLibrary } from './api/education.ts';
import { PROTOCOLS } from './texts.ts';

const K = 'protocols.education';

export function EducationTab() {
  const { structure } = useStructureArea();
  const { t } = useTranslation(PROTOCOLS);
  const [serviceId, setServiceId] = useState<string | null>(structure.services[0]?.id ?? null);
  const [archived, setArchived] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EducationItem | null>(null);
  const library = useServiceLibrary(serviceId, archived ? 'all' : 'false');
  const notManaged = isApiError(library.error) && library.error.status === 404;
  return (
    <Stack gap="md" data-testid="education-library">
      <Text size="sm" c="dimmed" maw={720}>{t(`${K}.help`)}</Text>
      <Group gap="lg" align="flex-end" wrap="wrap" justify="space-between">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Select label={t(`${K}.service`)} w={260} allowDeselect={false} data={structure.services.map((s) => ({ value: s.id, label: s.name }))}
            value={serviceId} onChange={setServiceId} />
          <Switch label={t(`${K}.showArchived`)} checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} mb={6} />
        </Group>
        <Button onClick={() => setAdding(true)} disabled={!serviceId || notManaged}>{t(`${K}.new`)}</Button>
      </Group>
      {notManaged
        ? <Alert color="info" variant="light">{t(`${K}.notManaged`)}</Alert>
        : (
          <QueryState query={library} loadingLabel={t(`${K}.loading`)} empty={t(`${K}.empty`)}>
            {(items) => <LibraryTable items={items} serviceId={serviceId} onEdit={setEditing} />}
          </QueryState>
        )}
      {adding && <AddItem serviceId={serviceId} onClose={() => setAdding(false)} />}
      {editing && <EditItem serviceId={serviceId} item={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function LibraryTable({ items, serviceId, onEdit }: { items: EducationItem[]; serviceId: string | null; onEdit(item: EducationItem): void }) {
  const { t, i18n } = useTranslation(PROTOCOLS);
  const { t: kinds } = useTranslation(EDUCATION_KINDS);
  const archive = useArchiveEducation(serviceId);
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table aria-label={t(`${K}.tableLabel`)} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${K}.columns.title`)}</Table.Th>
            <Table.Th><VisuallyHidden>{t(`${K}.columns.actions`)}</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="education-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <EducationKindIcon kind={item.kind} size="md" />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Anchor href={item.kind === 'youtube' && item.youtubeId ? youtubeEmbedUrl(item.youtubeId) : libraryFileUrl(item.id, i18n.language)}
                        target="_blank" rel="noopener noreferrer" fw={600}><bdi>{item.title}</bdi></Anchor>
                      {item.archivedAt && <Badge variant="light" color="gray" tt="none">{t(`${K}.archivedBadge`)}</Badge>}
                    </Group>
                    <Text size="sm" c="dimmed">{kinds(`educationKinds.${item.kind}`)}</Text>
                    {item.description && <Text size="sm" c="dimmed" lineClamp={2}><bdi>{item.description}</bdi></Text>}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="light" onClick={() => onEdit(item)} aria-label={t(`${K}.editOf`, { title: item.title })}>{t(`${K}.edit`)}</Button>
                  <Button size="xs" variant="subtle" color={item.archivedAt ? undefined : 'gray'} loading={archive.isPending && archive.variables?.contentId === item.id}
                    aria-label={t(item.archivedAt ? `${K}.restoreOf` : `${K}.archiveOf`, { title: item.title })}
                    onClick={() => archive.mutate({ contentId: item.id, archived: !item.archivedAt })}>
                    {t(item.archivedAt ? `${K}.restore` : `${K}.archive`)}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AddItem({ serviceId, onClose }: { serviceId: string | null; onClose(): void }) {
  const { t } = useTranslation(PROTOCOLS);
  const { t: kinds } = useTranslation(EDUCATION_KINDS);
  const add = useAddEducation(serviceId);
  const [kind, setKind] = useState<EducationKind>('document');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [youtubeUrl, setYoutubeUrl] = useState('');
  const [missing, setMissing] = useState<Record<string, boolean>>({});
  const errors = messagesByField(add.error);
  const required = t(`${K}.required`);
  const submit = () => {
    const lacking = { title: !title.trim(), source: kind === 'youtube' ? !youtubeUrl.trim() : !file };
    setMissing(lacking);
    if (lacking.title || lacking.source) return;
    add.mutate({
      body: { kind, title, description: description.trim() ? description : null, ...(kind === 'youtube' ? { youtubeUrl } : {}) },
      file: kind === 'youtube' ? undefined : file!,
    }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t(`${K}.new`)} size="lg">
      <form noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="education-kind">{t(`${K}.columns.kind`)}</Text>
            <SegmentedControl aria-labelledby="education-kind" value={kind} onChange={(v) => { setKind(v as EducationKind); setFile(null); }}
              data={KINDS.map((k) => ({ value: k, label: kinds(`educationKinds.${k}`) }))} fullWidth />
          </Stack>
          <TextInput label={t(`${K}.columns.title`)} required value={title} maxLength={200} onChange={(e) => setTitle(e.currentTarget.value)}
            error={missing.title ? required : errors['body.title']} />
          <Textarea label={t(`${K}.description`)} value={description} maxLength={2000} rows={3} onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors['body.description']} />
          {kind === 'youtube'
            ? (
              <TextInput label={t(`${K}.youtubeUrl`)} description={t(`${K}.youtubeHelp`)} required dir="ltr" value={youtubeUrl} placeholder="https://www.youtube.com/watch?v=…"
                onChange={(e) => setYoutubeUrl(e.currentTarget.value)} error={missing.source ? required : errors['body.youtubeUrl']} />
            )
            : (
              <FileInput label={t(`${K}.file`)} description={t(`${K}.fileHelp.${kind}`)} accept={EDUCATION_FILE_TYPES[kind].join(',')} required clearable
                value={file} onChange={setFile} error={missing.source ? required : errors['body.fileId'] ?? errors['body.file']} />
            )}
          {add.isError && Object.keys(errors).length === 0 && <Alert color="negative" variant="light" role="alert">{add.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t(`${K}.cancel`)}</Button>
            <Button type="submit" loading={add.isPending}>{t(`${K}.save`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EditItem({ serviceId, item, onClose }: { serviceId: string | null; item: EducationItem; onClose(): void }) {
  const { t } = useTranslation(PROTOCOLS);
  const edit = useEditEducation(serviceId);
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description ?? '');
  const [missing, setMissing] = useState(false);
  const errors = messagesByField(edit.error);
  return (
    <Modal opened onClose={onClose} title={t(`${K}.editOf`, { title: item.title })} size="lg">
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        if (!title.trim()) { setMissing(true); return; }
        edit.mutate({ contentId: item.id, body: { title, description: description.trim() ? description : null } }, { onSuccess: onClose });
      }}>
        <Stack gap="sm">
          <TextInput label={t(`${K}.columns.title`)} required value={title} maxLength={200} onChange={(e) => setTitle(e.currentTarget.value)}
            error={missing ? t(`${K}.required`) : errors['body.title']} />
          <Textarea label={t(`${K}.description`)} value={description} maxLength={2000} rows={3} onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors['body.description']} />
          <Text size="sm" c="dimmed">{t(`${K}.sourceKept`)}</Text>
          {edit.isError && Object.keys(errors).length === 0 && <Alert color="negative" variant="light" role="alert">{edit.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t(`${K}.cancel`)}</Button>
            <Button type="submit" loading={edit.isPending}>{t(`${K}.save`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
