/**
 * The Notes tab of the patient file (issue 10 §4 "Notes"): the file's notes, newest first and
 * paged, each with its author, date, an "edited" mark and its text with its line breaks; add a
 * note, edit one's own, archive one (confirmed); a switch shows the archived notes too, marked.
 * The text rule is the server's (schemas/notes.ts noteTextError), checked here before sending so
 * the field says the same thing; the server's own answer is shown on the field otherwise. A
 * closed file is shown read-only (the server refuses any change with 409 anyway).
 */
import { Alert, Badge, Button, Group, Modal, Pagination, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { characterCount, NOTE_TEXT_LIMITS, type Note } from '../../../schemas/notes.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { useTextAreaError } from '../../lib/forms/text-area-error.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useChangeNote, useNotes } from './api/notes.ts';
import { PATIENT_FILE_NOTES } from './texts.ts';

const K = 'patientFileNotes';
const PAGE_SIZE = 10;

/** What the server said about the text (400 on body.text), else nothing: other failures are said above the list. */
const fieldError = (error: unknown) => (isApiError(error) && error.field === 'body.text' ? error.message : undefined);

export function NotesTab({ file }: { file: PatientFileSummary }) {
  const { t } = useTranslation(PATIENT_FILE_NOTES);
  usePageTitle(t(`${K}.tab`));
  const readOnly = file.status !== 'OPEN';
  const [page, setPage] = useState(1);
  const [showArchived, setShowArchived] = useState(false);
  const notes = useNotes(file.id, { page, pageSize: PAGE_SIZE, archived: showArchived ? 'all' : 'false' });
  const change = useChangeNote(file.id);
  const [done, setDone] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<Note | null>(null);

  const failure = change.isError && !fieldError(change.error) ? change.error.message : null;

  return (
    <Stack gap="md" component="section" aria-labelledby="file-notes-title" data-testid="file-notes">
      <Title order={2} size="h3" id="file-notes-title">{t(`${K}.tab`)}</Title>
      {readOnly && <Alert color="gray" variant="light">{t(`${K}.readOnly`)}</Alert>}
      {!readOnly && <AddNote pending={change.isPending} onAdd={(text, reset) => {
        setDone(null);
        change.mutate({ action: 'add', text }, { onSuccess: () => { reset(); setPage(1); setDone(t(`${K}.done.add`)); } });
      }} serverError={change.variables?.action === 'add' ? fieldError(change.error) : undefined} />}
      {done && <Alert color="positive" variant="light" role="status">{done}</Alert>}
      {failure && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: failure })}</Alert>}
      <Switch
        checked={showArchived} onChange={(e) => { setShowArchived(e.currentTarget.checked); setPage(1); }}
        label={t(`${K}.showArchived`)}
      />
      <QueryState query={notes} loadingLabel={t(`${K}.loading`)} empty={t(showArchived ? `${K}.emptyAll` : `${K}.empty`)} isEmpty={(d) => d.data.length === 0}>
        {({ data: rows }) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t(`${K}.listLabel`)}>
            {rows.map((note) => (
              <NoteItem
                key={note.id} note={note} readOnly={readOnly} pending={change.isPending}
                serverError={change.variables?.action === 'edit' && change.variables.noteId === note.id ? fieldError(change.error) : undefined}
                onSave={(text, close) => {
                  setDone(null);
                  change.mutate({ action: 'edit', noteId: note.id, text }, { onSuccess: () => { close(); setDone(t(`${K}.done.edit`)); } });
                }}
                onArchive={() => { setDone(null); setArchiving(note); }}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {notes.data && notes.data.totalItems > PAGE_SIZE && (
        <Pagination value={page} onChange={setPage} total={Math.ceil(notes.data.totalItems / PAGE_SIZE)} aria-label={t(`${K}.pages`)} />
      )}
      {archiving && (
        <Modal opened onClose={() => setArchiving(null)} title={t(`${K}.confirm.title`)} closeButtonProps={{ 'aria-label': t(`${K}.confirm.cancel`) }}>
          <Text size="sm">{t(`${K}.confirm.text`)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setArchiving(null)}>{t(`${K}.confirm.cancel`)}</Button>
            <Button color="warning" onClick={() => {
              change.mutate({ action: 'archive', noteId: archiving.id }, { onSuccess: () => setDone(t(`${K}.done.archive`)) });
              setArchiving(null);
            }}>{t(`${K}.confirm.confirm`)}</Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}

/** The text area of a note, with its counter and the rule's message once the person has typed or sent. */
function NoteText({ value, onChange, error, label }: { value: string; onChange(value: string): void; error?: string; label: string }) {
  const { t } = useTranslation(PATIENT_FILE_NOTES);
  return (
    <Textarea
      label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} rows={4} resize="vertical"
      error={error} description={t(`${K}.counter`, { count: characterCount(value), max: NOTE_TEXT_LIMITS.max })}
    />
  );
}

function AddNote({ pending, onAdd, serverError }: { pending: boolean; onAdd(text: string, reset: () => void): void; serverError?: string }) {
  const { t } = useTranslation(PATIENT_FILE_NOTES);
  const textError = useTextAreaError();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const error = tried ? textError(text) : undefined;
  return (
    <form noValidate onSubmit={(e) => {
      e.preventDefault();
      setTried(true);
      if (!textError(text)) onAdd(text, () => { setText(''); setTried(false); });
    }}>
      <Stack gap="xs">
        <NoteText label={t(`${K}.add.label`)} value={text} onChange={setText} error={error ?? serverError} />
        <Group justify="flex-end"><Button type="submit" loading={pending}>{t(`${K}.add.submit`)}</Button></Group>
      </Stack>
    </form>
  );
}

function NoteItem({ note, readOnly, pending, serverError, onSave, onArchive }: {
  note: Note; readOnly: boolean; pending: boolean; serverError?: string;
  onSave(text: string, close: () => void): void; onArchive(): void;
}) {
  const { t } = useTranslation(PATIENT_FILE_NOTES);
  const dates = useDates();
  const textError = useTextAreaError();
  const [editing, setEditing] = useState<string | null>(null);
  const author = `${note.author.firstName} ${note.author.lastName}`;
  const archived = note.archivedAt !== null;
  return (
    <Paper component="li" withBorder p="sm" data-note={note.id} data-archived={archived || undefined} bg={archived ? 'var(--mantine-color-default-hover)' : undefined}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>{author}</Text>
          <Text size="sm" c="dimmed">{dates.dateTime(note.createdAt, 'short')}</Text>
          {note.updatedAt && (
            <Badge size="sm" variant="light" color="gray" tt="none" title={t(`${K}.editedOn`, { date: dates.dateTime(note.updatedAt, 'short') })}>
              {t(`${K}.edited`)}
            </Badge>
          )}
          {archived && (
            <Badge size="sm" variant="light" color="warning" tt="none">
              {note.archivedBy
                ? t(`${K}.archivedBy`, { name: `${note.archivedBy.firstName} ${note.archivedBy.lastName}`, date: dates.dateTime(note.archivedAt!, 'short') })
                : t(`${K}.archived`)}
            </Badge>
          )}
        </Group>
        {!readOnly && !archived && editing === null && (
          <Group gap={4} role="group" aria-label={t(`${K}.actions`, { name: author })}>
            {note.editable && <Button size="compact-xs" variant="default" onClick={() => setEditing(note.text)}>{t(`${K}.edit.open`)}</Button>}
            <Button size="compact-xs" variant="default" color="warning" onClick={onArchive}>{t(`${K}.archive`)}</Button>
          </Group>
        )}
      </Group>
      {editing === null
        ? <Text size="sm" mt="xs" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.text}</Text>
        : (
          <form noValidate onSubmit={(e) => {
            e.preventDefault();
            if (!textError(editing)) onSave(editing, () => setEditing(null));
          }}>
            <Stack gap="xs" mt="xs">
              <NoteText label={t(`${K}.edit.label`)} value={editing} onChange={setEditing} error={textError(editing) ?? serverError} />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setEditing(null)}>{t(`${K}.edit.cancel`)}</Button>
                <Button type="submit" loading={pending}>{t(`${K}.edit.save`)}</Button>
              </Group>
            </Stack>
          </form>
        )}
    </Paper>
  );
}
