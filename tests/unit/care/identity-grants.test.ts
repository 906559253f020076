/**
 * Grants travel in the signed identity header (split mode) packed per establishment with one
 * letter per privilege: what the care API unpacks is exactly what the gateway loaded, and the
 * header stays small for a professional in many services.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_GRANTS, type Grants } from '../../../server/care/access.ts';
import { packGrants, signIdentity, unpackGrants, verifyIdentity, type Identity } from '../../../server/identity.ts';

const azur = randomUUID();
const tilleuls = randomUUID();
const userId = randomUUID();
const identity = (grants: Grants): Identity => ({
  user: {
    id: userId, email: 'pro@demo.telesuivi.test', roles: ['ROLE_PROFESSIONAL'], firstName: 'Karim', lastName: 'Benali', usedFirstName: null,
    usedName: null, language: 'fr', selectedTimezone: 'automatic', cguAcceptedAt: '2026-01-01T00:00:00.000Z', personalDataConsentAt: '2026-01-01T00:00:00.000Z',
  },
  sessionIdHash: 'x'.repeat(43), sessionExpiresIn: 1800, locale: 'fr', timeZone: 'Europe/Paris', grants,
});
const manyServices: Grants = {
  establishments: { [azur]: ['MANAGER'] },
  services: Object.fromEntries(Array.from({ length: 20 }, () => [randomUUID(), { establishmentId: azur, privileges: ['PRESCRIBER', 'OPERATOR'] }])),
};

describe('grants in the identity header', () => {
  it.each([
    ['none', NO_GRANTS],
    ['in an establishment and in a service of another', {
      establishments: { [tilleuls]: ['OPERATOR'] }, services: { [randomUUID()]: { establishmentId: azur, privileges: ['PRESCRIBER'] } },
    }],
    ['every privilege', { establishments: { [azur]: ['OPERATOR', 'PRESCRIBER', 'MANAGER', 'ADMIN_ESTABLISHMENT', 'SUPER_ADMIN'] }, services: {} }],
    ['memberships without privileges', { establishments: { [azur]: [] }, services: { [randomUUID()]: { establishmentId: tilleuls, privileges: [] } } }],
    ['20 services', manyServices],
  ] as [string, Grants][])('come back as loaded: %s', (_name, grants) => {
    expect(unpackGrants(JSON.parse(JSON.stringify(packGrants(grants))))).toEqual(grants);
    const now = Date.now();
    expect(verifyIdentity(signIdentity(identity(grants), 'key', now), 'key', now)).toEqual(identity(grants));
  });

  it('keep the header small: a patient pays a few bytes, a professional in 20 services stays under 2 KB', () => {
    const now = Date.now();
    const withoutGrants = (() => {
      const { grants: _, ...rest } = identity(NO_GRANTS);
      return Buffer.from(JSON.stringify({ ...rest, iat: now })).toString('base64url').length + 44;
    })();
    expect(signIdentity(identity(NO_GRANTS), 'key', now).length - withoutGrants).toBeLessThanOrEqual(12);
    expect(signIdentity(identity(manyServices), 'key', now).length).toBeLessThan(2048);
  });
});
