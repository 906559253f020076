/**
 * The author withdraws her attachment, as clinical records are entered in error elsewhere (the
 * documents' dialog): a reason, then kept with who, when and why, never removed. A refusal is
 * said in the dialog, on the reason when it is the reason's.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useWithdrawAttachment } from './api/messages.ts';
import { MESSAGES } from './texts.ts';

const K = 'messages.attachment';

export function WithdrawDialog({ patientFileId, messageId, onClose }: { patientFileId: string; messageId: string; onClose(): void }) {
  const { t } = useTranslation(MESSAGES);
  const withdraw = useWithdrawAttachment(patientFileId);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const byField = messagesByField(withdraw.error);
  const other = withdraw.error && !byField['body.reason'] ? withdraw.error.message : undefined;
  const confirm = () => {
    setTried(true);
    if (!reason.trim()) return;
    withdraw.mutate({ messageId, reason }, { onSuccess: () => { void notify({ color: 'green', message: t(`${K}.withdrawn`) }); onClose(); } });
  };
  return (
    <Modal opened onClose={onClose} title={t(`${K}.withdrawTitle`)} centered>
      <Stack gap="sm">
        <Text size="sm">{t(`${K}.withdrawText`)}</Text>
        {other && <Alert color="red" variant="light" role="alert" data-testid="withdraw-failed">{t(`${K}.withdrawFailed`, { message: other })}</Alert>}
        <Textarea label={t(`${K}.reason`)} required rows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)}
          error={byField['body.reason'] ?? (tried && !reason.trim() ? t('validation.field_required') : undefined)} data-testid="withdraw-reason" data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t(`${K}.cancel`)}</Button>
          <Button color="red" loading={withdraw.isPending} onClick={confirm} data-testid="withdraw-confirm">{t(`${K}.confirm`)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
