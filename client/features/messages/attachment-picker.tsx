/**
 * A message's one attachment (an image or any file) through the shared upload queue
 * (lib/api/upload-queue.ts): sent as soon as it is chosen, its progress shown, failed → retry;
 * choosing again replaces it, removing it aborts its upload.
 */
import { Button, CloseButton, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueuedFile, useUploadQueue } from '../../lib/api/upload-queue.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { formatNumber } from '../../lib/i18n/use-number.ts';
import { MESSAGES } from './texts.ts';

const K = 'messages.compose';

export function AttachmentButton({ queue, disabled }: { queue: ReturnType<typeof useUploadQueue>; disabled?: boolean }) {
  const { t } = useTranslation(MESSAGES);
  return (
    <FileButton disabled={disabled} onChange={(file) => { if (file) { for (const f of queue.files) queue.remove(f.key); queue.add([file]); } }}>
      {(props) => <Button {...props} variant="light" size="sm" data-testid="message-attach">{t(`${K}.attach`)}</Button>}
    </FileButton>
  );
}

export function AttachmentRow({ queued, onRetry, onRemove }: { queued: QueuedFile; onRetry(): void; onRemove(): void }) {
  const { t } = useTranslation(MESSAGES);
  const { language } = useDates();
  const percent = formatNumber(language, Math.round(queued.progress * 100));
  const status = queued.state === 'uploading' ? t(`${K}.uploading`, { percent })
    : queued.state === 'failed' ? t(`${K}.failed`, { message: queued.error ?? '' }) : t(`${K}.${queued.state}`);
  return (
    <Paper withBorder p="xs" data-testid="message-upload" data-state={queued.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" truncate dir="auto">{queued.file.name}</Text>
          <Text size="xs" c={queued.state === 'failed' ? 'red' : 'dimmed'} aria-live="polite">{status}</Text>
          {(queued.state === 'uploading' || queued.state === 'idle') && (
            <Progress value={queued.progress * 100} size="sm" aria-label={queued.file.name} animated={queued.state === 'idle'} />
          )}
        </Stack>
        {queued.state === 'failed' && <Button size="xs" variant="light" onClick={onRetry}>{t(`${K}.retry`)}</Button>}
        <CloseButton aria-label={t(`${K}.remove`, { name: queued.file.name })} onClick={onRemove} />
      </Group>
    </Paper>
  );
}
