/**
 * A patient file's conversation, the same for the patient (My Messenger) and the professional
 * (the file's Messages tab): oldest at the top, newest at the bottom, grouped by day in the
 * session's time zone and language; older pages load when the reader scrolls to the top (or
 * asks), keeping what she was reading in place. The newest page is read on arrival and on every
 * live `message.created`; what others wrote is marked read once shown. A closed file is read
 * only: no composer, no withdrawal.
 */
import { Alert, Button, Divider, Loader, Stack, Text } from '@mantine/core';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../schemas/messages.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { useConversation, useMarkRead } from './api/messages.ts';
import { ComposeBox } from './compose-box.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { MESSAGES } from './texts.ts';

/** How close to the top (px) the reader must scroll for the older page to load. */
const NEAR_TOP = 48;

interface Props {
  patientFileId: string;
  homeHref: string;
  /** Shown above the composer: the patient side's emergency caution. */
  beforeCompose?: ReactNode;
}

export function Conversation({ patientFileId, homeHref, beforeCompose }: Props) {
  const { t } = useTranslation(MESSAGES);
  const query = useConversation(patientFileId);
  return (
    <QueryState query={query} loadingLabel={t('messages.loading')} homeHref={homeHref}>
      {(data) => <Thread patientFileId={patientFileId} pages={data.pages} query={query} beforeCompose={beforeCompose} />}
    </QueryState>
  );
}

type ConversationQuery = ReturnType<typeof useConversation>;

function Thread({ patientFileId, pages, query, beforeCompose }: { patientFileId: string; pages: NonNullable<ConversationQuery['data']>['pages']; query: ConversationQuery; beforeCompose?: ReactNode }) {
  const { t } = useTranslation(MESSAGES);
  const dates = useDates();
  const scroller = useRef<HTMLDivElement>(null);
  // Distance from the bottom kept while an older page is added above.
  const keptFromBottom = useRef<number | undefined>(undefined);
  const newest = pages[0]!;
  const readOnly = newest.readOnly;
  const messages = useMemo(() => oldestFirst(pages), [pages]);
  const lastId = messages.at(-1)?.id;

  // A new last message (arrival, one's own, a live one): the newest is shown.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId]);
  // An older page added above: what was on screen stays where it was.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && keptFromBottom.current !== undefined) {
      box.scrollTop = box.scrollHeight - keptFromBottom.current;
      keptFromBottom.current = undefined;
    }
  }, [pages.length]);

  const markRead = useMarkRead(patientFileId);
  const marked = useRef<string | undefined>(undefined);
  const newestOfOthers = newest.data.find((m) => !m.mine)?.id;
  useEffect(() => {
    if (newest.unread > 0 && newestOfOthers && marked.current !== newestOfOthers) {
      marked.current = newestOfOthers;
      markRead.mutate(newestOfOthers);
    }
  }, [newest.unread, newestOfOthers]); // eslint-disable-line react-hooks/exhaustive-deps -- once per message (the ref), whatever the mutation object

  const loadOlder = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    const box = scroller.current;
    if (box) keptFromBottom.current = box.scrollHeight - box.scrollTop;
    void query.fetchNextPage();
  };

  return (
    <Stack gap="sm">
      <div ref={scroller} onScroll={(e) => { if (e.currentTarget.scrollTop < NEAR_TOP && !query.isFetchNextPageError) loadOlder(); }}
        style={{ maxHeight: 'max(16rem, 60dvh)', overflowY: 'auto', overscrollBehavior: 'contain' }} data-testid="message-thread">
        <Stack gap={6} component="ol" p={0} m={0} aria-label={t('messages.conversation')}>
          {query.hasNextPage
            ? query.isFetchNextPageError
              ? <li style={{ listStyle: 'none' }}>
                  <Alert color="red" variant="light">
                    {t('messages.olderFailed')} <Button size="compact-xs" variant="light" onClick={loadOlder}>{t('messages.retry')}</Button>
                  </Alert>
                </li>
              : <li style={{ listStyle: 'none', alignSelf: 'center' }}>
                  {query.isFetchingNextPage ? <Loader size="xs" aria-label={t('messages.loading')} />
                    : <Button size="compact-xs" variant="subtle" onClick={loadOlder} data-testid="message-older">{t('messages.older')}</Button>}
                </li>
            : messages.length > 0 && <Text component="li" size="xs" c="dimmed" ta="center" style={{ listStyle: 'none' }}>{t('messages.beginning')}</Text>}
          {messages.length === 0 && <Text component="li" c="dimmed" style={{ listStyle: 'none' }}>{t('messages.empty')}</Text>}
          {messages.map((message, i) => {
            const day = dates.day(message.createdAt, 'long');
            const newDay = i === 0 || dates.day(messages[i - 1]!.createdAt, 'long') !== day;
            return (
              <Fragment key={message.id}>
                {newDay && <li style={{ listStyle: 'none' }} data-testid="message-day"><Divider label={day} labelPosition="center" /></li>}
                <MessageBubble message={message} readOnly={readOnly} />
              </Fragment>
            );
          })}
        </Stack>
      </div>
      {readOnly
        ? <Alert color="gray" variant="light" data-testid="message-read-only">{t('messages.closed')}</Alert>
        : <>{beforeCompose}<ComposeBox patientFileId={patientFileId} /></>}
    </Stack>
  );
}

/** The pages (newest first, each newest first) as one list oldest first; a message met twice once. */
function oldestFirst(pages: readonly { data: readonly Message[] }[]): Message[] {
  const seen = new Set<string>();
  const all: Message[] = [];
  for (const page of pages) for (const m of page.data) if (!seen.has(m.id)) { seen.add(m.id); all.push(m); }
  return all.reverse();
}
