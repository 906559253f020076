/**
 * Where the user was heading when a consent screen took over: kept for the session of the
 * tab, and used once logged in (spec 000 §4: "the stored target or the current path").
 */
const KEY = 'targetUrl';

export function storeTarget(target: string) {
  try { sessionStorage.setItem(KEY, target); } catch { /* storage unavailable: the current path is used */ }
}

export function takeStoredTarget(): string | undefined {
  try {
    const target = sessionStorage.getItem(KEY) ?? undefined;
    sessionStorage.removeItem(KEY);
    return target?.startsWith('/') && !target.startsWith('//') ? target : undefined;
  } catch {
    return undefined;
  }
}
