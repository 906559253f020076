/**
 * Saving with a message. A failure keeps the edit and says so (spec 001 §8: interface editor save
 * failure), with the field and reason the gateway gives for an invalid layout.
 */
import { Alert, Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error.ts';
import { LAYOUT_BUILDER } from '../texts.ts';

interface Props { opened: boolean; saving: boolean; error: unknown; onClose(): void; onSave(message: string): void }

export function SaveModal({ opened, saving, error, onClose, onSave }: Props) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const [message, setMessage] = useState('');
  const invalid = isApiError(error) && error.status === 400 ? error : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={t('layoutBuilder.save.title')}>
      <form onSubmit={(e) => { e.preventDefault(); onSave(message.trim()); }}>
        <TextInput label={t('layoutBuilder.save.message')} value={message} maxLength={500} onChange={(e) => setMessage(e.currentTarget.value)} data-autofocus />
        {error !== null && error !== undefined && (
          <Alert mt="md" color="negative" variant="light" role="alert" title={t('layoutBuilder.save.failure')}>
            {invalid && <Text size="sm" data-field={invalid.field}>{t('layoutBuilder.save.invalid', { field: invalid.field ?? '/', message: invalid.message })}</Text>}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>{t('layoutBuilder.save.cancel')}</Button>
          <Button type="submit" loading={saving}>{t('layoutBuilder.save.confirm')}</Button>
        </Group>
      </form>
    </Modal>
  );
}
