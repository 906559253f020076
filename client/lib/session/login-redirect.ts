/** Login and logout are browser redirects to the gateway's pages (spec 001 §7). */
export function loginUrl(targetUrl: string, branding: string | undefined): string {
  const query = new URLSearchParams({ targetUrl });
  if (branding) query.set('branding', branding);
  return `/auth/login?${query}`;
}

export function logoutUrl(targetUrl: string, branding: string | undefined): string {
  const query = new URLSearchParams({ targetUrl });
  if (branding) query.set('branding', branding);
  return `/auth/logout?${query}`;
}

/** Routes that need no session: not-logged-in users stay on them instead of going to login. */
export const ANONYMOUS_PATHS: readonly string[] = ['/auth-error'];

export const isAnonymousPath = (pathname: string): boolean => ANONYMOUS_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
