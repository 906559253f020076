/**
 * What a professional does to a pending alert (issue 11 §4): choose one of the establishment's
 * statuses (nothing preselected; one that closes alerts says so), write a comment (kept as typed),
 * save, or close after confirming. The server's messages land on their fields. A closed alert
 * says who closed it and when (or why the system did); a closed file's alerts are read-only.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertRow } from '../../../schemas/alerts.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { useTextAreaError } from '../../lib/forms/text-area-error.ts';
import { useChangeAlert } from './api/alert-batch.ts';
import { ALERTS } from './texts.ts';

export interface StatusOption { id: string; name: { fr: string; en?: string; ar?: string }; closesAlert: boolean }

export function AlertActions({ alert, statuses, fileOpen }: { alert: AlertRow; statuses: readonly StatusOption[]; fileOpen: boolean }) {
  const { t } = useTranslation(ALERTS);
  const { dateTime, language } = useDates();
  const [statusId, setStatusId] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const change = useChangeAlert(alert.patientFileId);
  const textAreaError = useTextAreaError();
  // The comment's rule is checked before sending (the server's, schemas/notes.ts); shown once a send was tried.
  const [tried, setTried] = useState(false);
  const commentError = tried && comment !== '' ? textAreaError(comment) : undefined;
  const errors = messagesByField(change.error);
  const general = change.error && !Object.keys(errors).length ? (isApiError(change.error) ? change.error.message : String(change.error)) : undefined;

  if (alert.status === 'CLOSED') {
    return (
      <Text data-testid={`alert-closed-${alert.id}`}>
        {alert.closedAt && alert.closedBy ? t('alerts.batch.closedBy', { date: dateTime(alert.closedAt), name: alert.closedBy.name })
          : alert.closedAt && alert.systemStatus ? t('alerts.batch.closedBySystem', { date: dateTime(alert.closedAt), status: t(`alerts.systemStatus.${alert.systemStatus}`) })
            : t('alerts.status.CLOSED')}
      </Text>
    );
  }
  if (!fileOpen) return <Text c="dimmed">{t('alerts.batch.readOnlyFile')}</Text>;

  const body = { ...(statusId ? { alertStatusId: statusId } : {}), ...(comment !== '' ? { comment } : {}) };
  const send = (close: boolean) => {
    setSaved(false);
    setTried(true);
    if (comment !== '' && textAreaError(comment)) { setConfirming(false); return; }
    change.mutate({ alertId: alert.id, close, body }, { onSuccess: () => { setSaved(true); setTried(false); setStatusId(null); setComment(''); setConfirming(false); } });
  };
  return (
    <Stack gap="sm">
      <Select label={t('alerts.batch.alertStatus')} placeholder={t('alerts.batch.chooseStatus')} clearable value={statusId} onChange={setStatusId}
        data={statuses.map((s) => ({ value: s.id, label: s.closesAlert ? `${textIn(s.name, language)} (${t('alerts.batch.closesAlert')})` : textIn(s.name, language) ?? '' }))}
        error={errors['body.alertStatusId']} data-testid="alert-status-select" />
      <Textarea label={t('alerts.batch.comment')} description={t('alerts.batch.commentHint')} value={comment} onChange={(e) => setComment(e.currentTarget.value)}
        error={commentError ?? errors['body.comment']} autosize={false} rows={3} data-testid="alert-comment" />
      {general && <Alert color="red" role="alert">{general}</Alert>}
      {saved && <Text role="status" c="teal.9">{t('alerts.batch.saved')}</Text>}
      <Group gap="sm">
        <Button onClick={() => send(false)} loading={change.isPending} disabled={!statusId && comment === ''}>{t('alerts.batch.save')}</Button>
        <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} disabled={change.isPending}>{t('alerts.batch.close')}</Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('alerts.batch.close')} centered>
        <Stack gap="md">
          <Text>{t('alerts.batch.closeConfirm')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>{t('alerts.batch.cancel')}</Button>
            <Button color="red.9" onClick={() => send(true)} loading={change.isPending}>{t('alerts.batch.confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
