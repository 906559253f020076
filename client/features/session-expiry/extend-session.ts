import { getMe } from '../../lib/session/api/get-me.ts';

/** Extend re-calls GET /me (its response carries the new expiry); if that fails the page reloads. */
export async function extendSession(reload = () => window.location.reload()): Promise<void> {
  try {
    await getMe();
  } catch {
    reload();
  }
}
