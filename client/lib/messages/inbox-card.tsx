/**
 * The patient home's "To read" summary (issue 20 §4): the active file's unread messages with a
 * link to My Messenger, and a link to My Documents. The home's layout blocks come after it; it
 * is drawn by the screen, not by the layout, so an establishment's layout cannot leave it out.
 * Messages a closed file cannot open (My Messenger is "only opened") are counted without a link.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { INBOX } from './texts.ts';
import { useUnreadMessages } from './unread.ts';

export function InboxCard({ index, patientFileId, open }: { index: number; patientFileId: string; open: boolean }) {
  const { t } = useTranslation(INBOX);
  const unread = useUnreadMessages();
  const count = unread.data?.patientFiles.find((f) => f.patientFileId === patientFileId)?.unread ?? 0;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="inbox-card">
      <Stack gap="xs">
        <Title order={2} size="h4">{t('inbox.home.title')}</Title>
        <Group gap="xs" wrap="wrap">
          {unread.isError
            ? <Text size="sm" c="red">{t('inbox.home.failed')}</Text>
            : count > 0
              ? <Badge color="red" variant="filled" data-testid="inbox-unread">{t('inbox.home.unread', { count })}</Badge>
              : <Text size="sm" c="dimmed">{t('inbox.home.noUnread')}</Text>}
          {open && <Anchor component={Link} to={paths.patient.messages.getHref({ patientFileIndex: index })} size="sm">{t('inbox.home.openMessages')}</Anchor>}
        </Group>
        <Anchor component={Link} to={paths.patient.documents.getHref({ patientFileIndex: index })} size="sm">{t('inbox.home.openDocuments')}</Anchor>
      </Stack>
    </Paper>
  );
}
