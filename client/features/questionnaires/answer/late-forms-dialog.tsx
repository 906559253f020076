/**
 * Older planned questionnaires are late (issue 5 §4): answer the oldest first, or confirm to
 * send this one and lose the earlier late ones.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../schemas/form-api.ts';
import { formatDateTime } from '../../../lib/dates/format.ts';
import type { Language } from '../../../lib/languages.ts';
import { QUESTIONNAIRES } from '../texts.ts';

interface Props {
  opened: boolean;
  older: Task[];
  timeZone: string;
  sending: boolean;
  onAnswerOldest: () => void;
  onContinue: () => void;
  onClose: () => void;
}

export function LateFormsDialog({ opened, older, timeZone, sending, onAnswerOldest, onContinue, onClose }: Props) {
  const { t, i18n } = useTranslation(QUESTIONNAIRES);
  const language = i18n.language as Language;
  return (
    <Modal opened={opened} onClose={onClose} title={t('questionnaires.late.title')} closeButtonProps={{ 'aria-label': t('common.close') }} centered>
      <Stack gap="sm">
        <Text size="sm">{t('questionnaires.late.text', { count: Math.max(older.length, 1) })}</Text>
        {older.length > 0 && (
          <List size="sm" spacing={4}>
            {older.map((task) => (
              <List.Item key={task.occurrenceId}>
                {t('questionnaires.late.item', { name: task.name, date: task.startAt ? formatDateTime(task.startAt, language, timeZone) : '', limit: task.limitAt ? formatDateTime(task.limitAt, language, timeZone) : '' })}
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm" fw={600}>{t('questionnaires.late.warning')}</Text>
        <Group justify="flex-end" gap="sm" mt="xs">
          {older.length > 0 && <Button onClick={onAnswerOldest} data-autofocus>{t('questionnaires.late.answerOldest')}</Button>}
          <Button color="negative" variant="light" onClick={onContinue} loading={sending}>{t('questionnaires.late.continue')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
