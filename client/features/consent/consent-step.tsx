import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectToLogout } from '../../lib/session/branding-param.ts';

interface Props {
  /** i18n prefix of the step's texts: `<prefix>.title`, `.text`, `.checkbox`, `.accept`. */
  prefix: 'consent.terms' | 'consent.personalData';
  pending: boolean;
  failed: boolean;
  onAccept: () => void;
}

/** One consent: its text, a checkbox the user must tick, accept or disconnect. */
export function ConsentStep({ prefix, pending, failed, onAccept }: Props) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t(`${prefix}.title`)}</Title>
      <Text>{t(`${prefix}.text`)}</Text>
      <Checkbox checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} label={t(`${prefix}.checkbox`)} />
      {failed && <Alert color="negative" variant="light" role="alert">{t('consent.failed')}</Alert>}
      <Group>
        <Button disabled={!checked} loading={pending} onClick={onAccept}>{t(`${prefix}.accept`)}</Button>
        <Button variant="default" onClick={() => redirectToLogout()}>{t('menu.disconnect')}</Button>
      </Group>
    </Stack>
  );
}
