import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectToLogout } from '../../lib/session/branding-param.ts';

interface Props {
  /** i18n prefix of the step's texts: `<prefix>.title`, `.text`, `.checkbox`, `.accept`. */
  prefix: 'consent.terms' | 'consent.personalData';
  pending: boolean;
  failed: boolean;
  onAccept: () => void;
  /** The document consented to, shown between the explanation and the checkbox. */
  document?: ReactNode;
}

/** One consent: its text (and the document consented to), a checkbox the user must tick, accept or disconnect. */
export function ConsentStep({ prefix, pending, failed, onAccept, document }: Props) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t(`${prefix}.title`)}</Title>
      <Text>{t(`${prefix}.text`)}</Text>
      {document}
      <Checkbox checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} label={t(`${prefix}.checkbox`)} />
      {failed && <Alert color="negative" variant="light" role="alert">{t('consent.failed')}</Alert>}
      <Group>
        <Button disabled={!checked} loading={pending} onClick={onAccept}>{t(`${prefix}.accept`)}</Button>
        <Button variant="default" onClick={() => redirectToLogout()}>{t('menu.disconnect')}</Button>
      </Group>
    </Stack>
  );
}
