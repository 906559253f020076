/**
 * One message: who wrote it (name and role; "You" for one's own) and when, its text as typed,
 * its attachment: an image as a thumbnail opening full size, any other file as a download link,
 * a withdrawn one as "no longer available". One's own messages sit at the end side (the right in
 * French, the left in Arabic: logical properties mirror them). A thumbnail has a fixed box: the
 * thread is scrolled to its newest message before images load, and a picture growing afterwards
 * would push that message out of sight.
 */
import { Anchor, Button, Image, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../schemas/messages.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { attachmentUrl } from './api/messages.ts';
import { MESSAGES } from './texts.ts';
import { WithdrawDialog } from './withdraw-dialog.tsx';

const K = 'messages.attachment';

export function MessageBubble({ message, readOnly }: { message: Message; readOnly: boolean }) {
  const { t } = useTranslation(MESSAGES);
  const dates = useDates();
  const [withdrawing, setWithdrawing] = useState(false);
  // Withdrawn since the page was read (the bytes answer 410): said as withdrawn, not a broken picture.
  const [unreadable, setUnreadable] = useState(false);
  const { author, attachment } = message;
  const who = message.mine ? t('messages.you') : `${author.firstName} ${author.lastName}`;
  return (
    <Paper component="li" p="xs" radius="md" maw="min(85%, 560px)" data-testid="message" data-mine={message.mine || undefined}
      style={{ alignSelf: message.mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}
      bg={message.mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          <bdi>{who}</bdi>{!message.mine && <> · {t(`messages.roles.${author.role}`)}</>} · <time dateTime={message.createdAt}>{dates.time(message.createdAt)}</time>
        </Text>
        {message.text !== null && <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Text>}
        {attachment && (attachment.withdrawn || unreadable
          ? <Text size="sm" fs="italic" c="dimmed" data-testid="attachment-gone">{t(attachment.kind === 'image' ? `${K}.imageGone` : `${K}.fileGone`)}</Text>
          : attachment.kind === 'image'
            ? (
              <Anchor href={attachmentUrl(message.id, 'view', dates.language)} target="_blank" rel="noopener" aria-label={t(`${K}.openImage`, { name: attachment.name })} data-testid="attachment-image">
                <Image src={attachmentUrl(message.id, 'view', dates.language)} alt={attachment.name} w={240} maw="100%" h={180} fit="contain" radius="sm" onError={() => setUnreadable(true)} />
              </Anchor>
            )
            : (
              <Anchor href={attachmentUrl(message.id, 'download', dates.language)} download={attachment.name} size="sm" data-testid="attachment-file"
                aria-label={t(`${K}.download`, { name: attachment.name })}>
                <bdi>{attachment.name}</bdi>
              </Anchor>
            ))}
        {attachment && !attachment.withdrawn && message.mine && !readOnly && (
          <Button variant="default" size="compact-xs" w="fit-content" onClick={() => setWithdrawing(true)} data-testid="attachment-withdraw">
            {t(`${K}.withdraw`)}
          </Button>
        )}
      </Stack>
      {withdrawing && <WithdrawDialog patientFileId={message.patientFileId} messageId={message.id} onClose={() => setWithdrawing(false)} />}
    </Paper>
  );
}
