/**
 * Change password (spec 000 §2 profile menu, issue 21 §2), for every user: the current password,
 * the new one (the contract's rules: at least MIN_PASSWORD_LENGTH characters) and its
 * confirmation, in the forms stack over the contract's body schema, so the rules checked as the
 * person types are the server's. The server's refusals land on their field (wrong current
 * password, confirmation, same as the current one). On success the user's other sessions have
 * ended and this one goes on; the dialog says so.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, passwordChangeBodySchema, type PasswordChangeBody } from '../../../schemas/me.ts';
import { SchemaForm } from '../../lib/json-schema-form/schema-form.tsx';
import { serverErrors } from '../../lib/json-schema-form/server-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useChangePassword } from './api/change-password.ts';
import { CHANGE_PASSWORD } from './texts.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmation'] as const;
const AUTOCOMPLETE = { currentPassword: 'current-password', newPassword: 'new-password', confirmation: 'new-password' } as const;

export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(CHANGE_PASSWORD);
  const [value, setValue] = useState<Partial<PasswordChangeBody>>({});
  const change = useChangePassword();
  const schema = useMemo(() => ({
    ...passwordChangeBodySchema,
    properties: Object.fromEntries(FIELDS.map((field) => [field, { ...passwordChangeBodySchema.properties[field], title: t(`changePassword.fields.${field}`) }])),
  }), [t]);
  const uiSchema = useMemo<UiSchema>(() => Object.fromEntries(FIELDS.map((field) => [field, {
    'ui:widget': 'password', 'ui:autocomplete': AUTOCOMPLETE[field],
    ...(field === 'newPassword' ? { 'ui:help': t('changePassword.rules', { count: MIN_PASSWORD_LENGTH }) } : {}),
  }])), [t]);
  const fieldErrors = serverErrors(change.error, 'body.', FIELDS);
  const complete = FIELDS.every((field) => (value[field] ?? '') !== '');
  const submit = () => {
    if (!complete) return;
    change.mutate(value as PasswordChangeBody, {
      onSuccess: () => {
        void notify({ color: 'positive', message: t('changePassword.done') });
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('changePassword.title')} closeButtonProps={{ 'aria-label': t('changePassword.cancel') }}>
      <Stack gap="sm">
        <Text size="sm">{t('changePassword.intro')}</Text>
        <SchemaForm schema={schema} uiSchema={uiSchema} value={value} onChange={setValue} errors={fieldErrors} />
        {change.isError && !fieldErrors && (
          <Alert color="negative" variant="light" role="alert">{t('changePassword.failed', { message: change.error.message })}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('changePassword.cancel')}</Button>
          <Button onClick={submit} loading={change.isPending} disabled={!complete}>{t('changePassword.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
