/** One notification in the bell's list: its sentence, when, read or not, and the link to the thing. */
import { Box, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../../schemas/notifications.ts';
import { useDates } from '../../../lib/dates/use-dates.ts';
import { patientFileQueryOptions } from '../../../lib/patient-files/get-patient-file.ts';
import { useSessionData } from '../../../lib/session/use-session.ts';
import { NOTIFICATIONS } from '../texts.ts';
import classes from './notification-item.module.css';
import { notificationView, ownFileIndex } from './notification-view.ts';

/** A file read for its patient's name and establishment is read again after this long. */
const FILE_STALE_MS = 5 * 60_000;

export function NotificationItem({ notification: n, onFollow }: { notification: Notification; onFollow(): void }) {
  const { t } = useTranslation(NOTIFICATIONS);
  const dates = useDates();
  const session = useSessionData();
  // A file the user follows as a professional: its patient and establishment (cached across items).
  const needsFile = Boolean(n.patientFileId) && ownFileIndex(n, session) < 0;
  const file = useQuery({ ...patientFileQueryOptions(n.patientFileId ?? ''), enabled: needsFile, staleTime: FILE_STALE_MS, retry: false });
  const view = notificationView(n, session, file.data);
  const unread = !n.readAt;
  const content = (
    <>
      <Box className={classes.dot} data-unread={unread || undefined} aria-hidden="true" />
      <div className={classes.text}>
        {unread && <VisuallyHidden>{t('notifications.unread')} </VisuallyHidden>}
        <Text size="sm" fw={unread ? 700 : 400}>{t(`notifications.sentence.${view.type}.${view.audience}`, { name: view.name, release: n.subject.release ?? '' })}</Text>
        <Text size="xs" c="dimmed"><time dateTime={n.createdAt}>{dates.dateTime(n.createdAt, 'short')}</time></Text>
      </div>
    </>
  );
  return (
    <li className={classes.item} data-testid="notification-item" data-unread={unread || undefined}>
      {view.href
        ? <Link to={view.href} className={classes.link} onClick={onFollow}>{content}</Link>
        : <UnstyledButton className={classes.link} onClick={onFollow}>{content}</UnstyledButton>}
    </li>
  );
}
