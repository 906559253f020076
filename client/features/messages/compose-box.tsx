/**
 * Writing a message: a text and at most one attachment (sent ahead through the upload queue).
 * A send that fails keeps the typed text and the attachment, says why, and sending again reuses
 * the same Idempotency-Key while the message is the same, so a retry after a lost answer is not
 * stored twice. The server's refusal of a field (too long, blank) lands on the text.
 */
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageBody } from '../../../schemas/messages.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useUploadQueue } from '../../lib/api/upload-queue.ts';
import { useSendMessage } from './api/messages.ts';
import { AttachmentButton, AttachmentRow } from './attachment-picker.tsx';
import { MESSAGES } from './texts.ts';

const K = 'messages.compose';

export function ComposeBox({ patientFileId, onSent }: { patientFileId: string; onSent?(): void }) {
  const { t } = useTranslation(MESSAGES);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const queue = useUploadQueue();
  const send = useSendMessage(patientFileId);
  // The key of the message being sent: kept while its body is the same (a retry), new otherwise.
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  const attached = queue.files[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setFieldError(undefined);
    if (queue.busy || attached?.state === 'failed') { setFieldError(t(`${K}.waitUpload`)); return; }
    const body: MessageBody = { text: text.trim() ? text : null, ...(attached?.fileId ? { fileId: attached.fileId } : {}) };
    if (body.text === null && !body.fileId) { setFieldError(t(`${K}.empty`)); return; }
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: crypto.randomUUID() };
    send.mutate({ body, key: attempt.current.key }, {
      onSuccess: () => {
        attempt.current = undefined;
        setText('');
        for (const f of queue.files) queue.remove(f.key);
        onSent?.();
      },
      onError: (error) => {
        // Nothing typed is lost: the text and the attachment stay as they were.
        const byField = messagesByField(error);
        if (byField['body.text'] ?? byField['body.fileId']) setFieldError(byField['body.text'] ?? byField['body.fileId']);
        else setFailure(t(`${K}.sendFailed`, { message: isApiError(error) || error instanceof Error ? error.message : String(error) }));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="message-compose">
      <Stack gap="xs">
        {failure && <Alert color="red" variant="light" role="alert" data-testid="message-send-failed">{failure}</Alert>}
        <Textarea label={t(`${K}.label`)} placeholder={t(`${K}.placeholder`)} rows={3} dir="auto"
          value={text} onChange={(e) => setText(e.currentTarget.value)} error={fieldError} data-testid="message-text" />
        {attached && <AttachmentRow queued={attached} onRetry={() => queue.retry(attached.key)} onRemove={() => queue.remove(attached.key)} />}
        <Group justify="space-between" gap="xs">
          <AttachmentButton queue={queue} disabled={send.isPending} />
          <Button type="submit" loading={send.isPending} data-testid="message-send">{t(`${K}.send`)}</Button>
        </Group>
      </Stack>
    </form>
  );
}
