import { isAnonymousPath } from '../../lib/session/login-redirect.ts';
import type { SessionState } from '../../lib/session/session-state.ts';

/**
 * Which routes exist in each session state (spec 000 §4): the session kind's tables once
 * logged in; only the consent screen while a consent is missing; only the auth-error screen
 * after an unknown error; nothing (loading, or on the way to the login page) otherwise,
 * except the anonymous routes.
 */
export type RouterKind = 'app' | 'consent' | 'authError' | 'none';

export function routerKindFor(state: SessionState, pathname: string): RouterKind {
  switch (state) {
    case 'loggedIn': return 'app';
    case 'termsRequired':
    case 'personalDataRequired': return 'consent';
    case 'unknownError': return 'authError';
    case 'notLoggedIn': return isAnonymousPath(pathname) ? 'authError' : 'none';
    case 'loading': return 'none';
  }
}
