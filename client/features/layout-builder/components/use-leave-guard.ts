import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from './use-confirm.tsx';
import { LAYOUT_BUILDER } from '../texts.ts';

/**
 * Leaving the editor with unsaved changes asks first: for another screen, in the application's
 * dialog (returned, to be rendered); for a reload or closing the tab, with the browser's own
 * prompt, the only thing a page may show then.
 */
export function useLeaveGuard(dirty: boolean): ReactNode {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const { confirm, dialog } = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void confirm({ title: t('layoutBuilder.confirm.unsavedTitle'), message: t('layoutBuilder.leave'), confirmLabel: t('layoutBuilder.confirm.leave') })
      .then((leave) => { if (current) (leave ? blocker.proceed() : blocker.reset()); });
    return () => { current = false; };
  }, [blocker, confirm, t]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return dialog;
}
