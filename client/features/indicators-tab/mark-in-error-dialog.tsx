/**
 * "Mark as entered in error" (issue 18): a professional of an open file says why a value is wrong
 * (a text area, the rule of schemas/notes.ts checked here before sending, the server's message on
 * body.reason otherwise). The value stays, struck, with who, when and why; its pending alerts
 * close with the system status "entered in error".
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IndicatorLabel } from '../../../schemas/chart-displays.ts';
import { characterCount, NOTE_TEXT_LIMITS, noteTextError } from '../../../schemas/notes.ts';
import type { ValueTableValue } from '../../../schemas/value-tables.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { nameOf, valueText } from '../../blocks/value-tables/format.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { useTabChange } from './api/indicators-tab.ts';
import { INDICATORS_TAB } from './texts.ts';

const K = 'indicatorsTab.enteredInError';

export interface Marking { value: ValueTableValue; indicator: IndicatorLabel }

export function MarkInErrorDialog({ fileId, marking, onClose, onDone }: { fileId: string; marking: Marking; onClose(): void; onDone(message: string): void }) {
  const { t } = useTranslation(INDICATORS_TAB);
  const dates = useDates();
  const change = useTabChange(fileId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const value = `${valueText(marking.value.value, dates.language)} ${marking.indicator.unitSymbol}`;
  const what = { name: nameOf(marking.indicator.name, dates.language), value, date: dates.dateTime(marking.value.measuredAt, 'short') };
  const server = isApiError(change.error) ? change.error : undefined;
  const fieldError = error ?? (server?.field === 'body.reason' ? server.message : undefined);
  const failure = change.isError && !fieldError ? (server?.message ?? String(change.error)) : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const rule = noteTextError(reason);
    const message = rule && t(`${K}.errors.${rule.code}`, { min: NOTE_TEXT_LIMITS.min, max: NOTE_TEXT_LIMITS.max });
    setError(message);
    if (message) return;
    change.mutate({ action: 'markEnteredInError', measureId: marking.value.id, body: { reason } }, { onSuccess: () => onDone(t(`${K}.done`, what)) });
  };

  return (
    <Modal opened onClose={onClose} title={t(`${K}.title`)} closeButtonProps={{ 'aria-label': t(`${K}.cancel`) }}>
      <form onSubmit={submit} noValidate aria-label={t(`${K}.title`)}>
        <Stack gap="sm">
          <Text size="sm"><bdi>{t(`${K}.what`, what)}</bdi></Text>
          <Text size="sm" c="dimmed">{t(`${K}.consequences`)}</Text>
          <Textarea
            label={t(`${K}.reason`)} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} rows={3} resize="vertical" data-autofocus
            error={fieldError} description={t(`${K}.counter`, { count: characterCount(reason), max: NOTE_TEXT_LIMITS.max })}
          />
          {failure && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: failure })}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t(`${K}.cancel`)}</Button>
            <Button type="submit" color="warning" loading={change.isPending}>{t(`${K}.confirm`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
