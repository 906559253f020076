/**
 * The first-login credentials, shown once after a creation (spec 000 §2): the login and the
 * temporary password, each with a copy button, and a warning that the password will never be
 * shown again. Closing it is the only way on, to the new patient file.
 */
import { Alert, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PATIENT_PROFILE } from './texts.ts';

export interface Credentials { login: string; temporaryPassword: string }

function Line({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation(PATIENT_PROFILE);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={2} miw={0}>
        <Text size="sm" c="dimmed">{label}</Text>
        <Text ff="monospace" fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>{value}</Text>
      </Stack>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" size="xs" style={{ flexShrink: 0 }} onClick={copy} aria-label={`${t('patientProfile.credentials.copy')} ${label}`}>
            {copied ? t('patientProfile.credentials.copied') : t('patientProfile.credentials.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function CredentialsDialog({ credentials, onDone }: { credentials: Credentials | undefined; onDone(): void }) {
  const { t } = useTranslation(PATIENT_PROFILE);
  return (
    <Modal opened={credentials !== undefined} onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false}
      title={t('patientProfile.credentials.title')} centered>
      {credentials && (
        <Stack>
          <Alert color="orange" role="alert">{t('patientProfile.credentials.warning')}</Alert>
          <Line label={t('patientProfile.credentials.login')} value={credentials.login} />
          <Line label={t('patientProfile.credentials.password')} value={credentials.temporaryPassword} />
          <Button onClick={onDone}>{t('patientProfile.credentials.done')}</Button>
        </Stack>
      )}
    </Modal>
  );
}
