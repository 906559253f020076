/**
 * The files chosen for a document (useUploadQueue): a button to choose them and one row each,
 * idle → uploading with its progress → uploaded, or failed with retry; each can be removed. Used
 * by the add screen (several files, several documents) and the renewal of a prescription (one).
 */
import { Button, CloseButton, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates/use-dates.ts';
import { formatNumber } from '../../lib/i18n/use-number.ts';
import type { QueuedFile, useUploadQueue } from '../../lib/api/upload-queue.ts';
import { DOCUMENTS } from './texts.ts';

const K = 'documents.add';

/** `multiple`: several files at once (the add screen); otherwise one, and choosing again replaces it. */
export function FileQueue({ queue, error, multiple = true }: { queue: ReturnType<typeof useUploadQueue>; error?: string; multiple?: boolean }) {
  const { t } = useTranslation(DOCUMENTS);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {multiple
          ? <FileButton multiple onChange={(files) => queue.add(files)}>
            {(props) => <Button {...props} variant="light" data-testid="document-choose">{t(`${K}.choose`)}</Button>}
          </FileButton>
          : <FileButton onChange={(file) => { if (file) { for (const f of queue.files) queue.remove(f.key); queue.add([file]); } }}>
            {(props) => <Button {...props} variant="light" data-testid="document-choose">{t(`${K}.chooseOne`)}</Button>}
          </FileButton>}
        {multiple && <Text size="xs" c="dimmed">{t(`${K}.chooseHelp`)}</Text>}
      </Group>
      {queue.files.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t(`${K}.fields.files`)}>
          {queue.files.map((f) => <QueuedRow key={f.key} queued={f} onRetry={() => queue.retry(f.key)} onRemove={() => queue.remove(f.key)} />)}
        </Stack>
      )}
      {error && <Text size="sm" c="red" role="alert">{error}</Text>}
    </Stack>
  );
}

function QueuedRow({ queued, onRetry, onRemove }: { queued: QueuedFile; onRetry(): void; onRemove(): void }) {
  const { t } = useTranslation(DOCUMENTS);
  const { language } = useDates();
  const percent = formatNumber(language, Math.round(queued.progress * 100));
  const status = queued.state === 'uploading' ? t(`${K}.upload.uploading`, { percent })
    : queued.state === 'failed' ? t(`${K}.upload.failed`, { message: queued.error ?? '' }) : t(`${K}.upload.${queued.state}`);
  return (
    <Paper component="li" withBorder p="xs" data-testid="upload-row" data-state={queued.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" truncate dir="auto">{queued.file.name}</Text>
          <Text size="xs" c={queued.state === 'failed' ? 'red' : 'dimmed'} aria-live="polite">{status}</Text>
          {(queued.state === 'uploading' || queued.state === 'idle') && (
            <Progress value={queued.progress * 100} size="sm" aria-label={queued.file.name} animated={queued.state === 'idle'} />
          )}
        </Stack>
        {queued.state === 'failed' && <Button size="xs" variant="light" onClick={onRetry}>{t(`${K}.upload.retry`)}</Button>}
        <CloseButton aria-label={t(`${K}.upload.remove`, { name: queued.file.name })} onClick={onRemove} />
      </Group>
    </Paper>
  );
}
