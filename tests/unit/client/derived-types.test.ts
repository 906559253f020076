/**
 * The client's types come from schemas/ (json-schema-to-ts), never written by hand: these
 * assertions fail the type check (`tsc --noEmit`) if a schema and the client drift apart.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Establishment } from '../../../schemas/establishments.ts';
import type { Me, PatientFileSummary, PrivilegeEntry } from '../../../schemas/me.ts';
import type { RuntimeConfig } from '../../../schemas/runtime-config.ts';
import type { Privilege } from '../../../client/app/routes/screen.ts';
import type { SessionData } from '../../../client/lib/session/session-store.ts';
import type { Language } from '../../../client/lib/languages.ts';

describe('types derived from the schemas', () => {
  it('session data is made of the API contracts', () => {
    expectTypeOf<SessionData['me']>().toEqualTypeOf<Me>();
    expectTypeOf<SessionData['patientFiles']>().toEqualTypeOf<PatientFileSummary[]>();
    expectTypeOf<SessionData['structures']>().toEqualTypeOf<Establishment[]>();
    expectTypeOf<SessionData['privileges']>().toEqualTypeOf<PrivilegeEntry[]>();
  });

  it('enumerations are the spec values', () => {
    expectTypeOf<Me['roles'][number]>().toEqualTypeOf<'ROLE_ADMIN' | 'ROLE_PROFESSIONAL' | 'ROLE_PATIENT'>();
    expectTypeOf<PatientFileSummary['status']>().toEqualTypeOf<'OPEN' | 'CLOSED' | 'AWAITING'>();
    expectTypeOf<Privilege>().toEqualTypeOf<'OPERATOR' | 'PRESCRIBER' | 'MANAGER' | 'ADMIN_ESTABLISHMENT' | 'SUPER_ADMIN'>();
    expectTypeOf<Language>().toEqualTypeOf<RuntimeConfig['defaultLanguage']>();
  });
});
