/**
 * Component tests of professional screens: a signed-in professional in the client's session store
 * (what the session gate would have loaded), with no privileges, files or structures unless a test
 * needs them.
 */
import { sessionStore } from '../../client/lib/session/session-store.ts';

export function signInProfessionalForTests(me: { id?: string; firstName?: string; lastName?: string } = {}) {
  sessionStore.set({
    state: 'loggedIn',
    data: {
      me: {
        id: 'u1', email: 'p@x.fr', roles: ['ROLE_PROFESSIONAL'], firstName: 'A', lastName: 'B', language: 'fr',
        selectedTimezone: 'Europe/Paris', timezone: 'Europe/Paris', ...me,
      } as never,
      kind: 'professional', privileges: [], patientFiles: [], structures: [],
    },
  });
}
