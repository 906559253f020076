import { useStore } from '../use-store.ts';
import { activeContextStore } from './active-context.ts';
import { sessionStore, type SessionData } from './session-store.ts';

export const useSession = () => useStore(sessionStore);
export const useActiveContext = () => useStore(activeContextStore);

/** Session data in a logged-in screen: routes exist only once they are loaded. */
export function useSessionData(): SessionData {
  const { data } = useStore(sessionStore);
  if (!data) throw new Error('useSessionData() outside a logged-in session');
  return data;
}
