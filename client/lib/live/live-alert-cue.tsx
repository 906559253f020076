/**
 * The professional area's live connection and its visual cue: while the area is shown, the tab
 * listens to the live events (live-events.ts), and each new alert batch shows a notification
 * "New alert" with a link to the structure's alerts list. The event carries no patient data, so
 * the cue names nobody; the lists and blocks on screen refetch by themselves.
 */
import { Anchor } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../notify.ts';
import { paths } from '../paths.ts';
import { subscribeLive } from './live-events.ts';
import { LIVE } from './texts.ts';

export function useLiveAlertCue(structureIndex: number) {
  const { t } = useTranslation(LIVE);
  const navigate = useNavigate();
  // Read at the event: a language loaded later must not close and reopen the connection.
  const current = useRef({ t, navigate });
  current.current = { t, navigate };
  useEffect(() => subscribeLive(() => {
    const { t, navigate } = current.current;
    const href = paths.professional.alerts.getHref({ structureIndex });
    void notify({
      color: 'red',
      title: t('live.newAlert'),
      message: (
        <Anchor href={href} onClick={(event) => { event.preventDefault(); void navigate(href); }}>{t('live.openList')}</Anchor>
      ),
    });
  }), [structureIndex]);
}
