import { useEffect } from 'react';
import { activeContextStore, clearActiveContext, type ActiveContext } from '../../lib/session/active-context.ts';

/** Makes a patient file or structure active while the area is shown; leaving it clears it. */
export function useActivate(context: ActiveContext) {
  useEffect(() => {
    activeContextStore.set(context);
    return clearActiveContext;
  }, [context]);
}
