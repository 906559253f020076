/**
 * The server's privilege predicates (server/care/access.ts, spec 000 §6), as tables: rows of
 * (grants, establishment or service, wanted) → expected. The named policies are written with
 * these (tests/unit/care/access-policies.test.ts asks the policies themselves).
 */
import { describe, expect, it } from 'vitest';
import {
  canSeeEstablishment, establishmentsHolding, grantedEstablishmentIds, hasRole, holdsInService, holdsInStructure,
  NO_GRANTS, type Grants, type Privilege,
} from '../../../server/care/access.ts';

const AZUR = 'azur';
const TILLEULS = 'tilleuls';
const CARDIO = 'cardio';
const ORTHO = 'ortho';

/** Named grants: who holds what, directly in an establishment or in a service of it. */
const G: Record<string, Grants> = {
  none: NO_GRANTS,
  operatorOfAzur: { establishments: { [AZUR]: ['OPERATOR'] }, services: {} },
  prescriberOfCardio: { establishments: {}, services: { [CARDIO]: { establishmentId: AZUR, privileges: ['PRESCRIBER'] } } },
  managerOfAzurPrescriberInTilleuls: {
    establishments: { [AZUR]: ['MANAGER'] },
    services: { [ORTHO]: { establishmentId: TILLEULS, privileges: ['PRESCRIBER', 'OPERATOR'] } },
  },
  emptyMembership: { establishments: { [AZUR]: [] }, services: { [CARDIO]: { establishmentId: AZUR, privileges: [] } } },
};

const P = (...p: Privilege[]) => p;

describe('holdsInStructure: directly or through any of its services', () => {
  it.each([
    ['none', AZUR, P('OPERATOR'), false],
    ['operatorOfAzur', AZUR, P('OPERATOR'), true],
    ['operatorOfAzur', AZUR, P('PRESCRIBER', 'OPERATOR'), true],
    ['operatorOfAzur', AZUR, P('PRESCRIBER'), false],
    ['operatorOfAzur', TILLEULS, P('OPERATOR'), false],
    ['prescriberOfCardio', AZUR, P('PRESCRIBER'), true],
    ['prescriberOfCardio', TILLEULS, P('PRESCRIBER'), false],
    ['managerOfAzurPrescriberInTilleuls', AZUR, P('MANAGER'), true],
    ['managerOfAzurPrescriberInTilleuls', AZUR, P('PRESCRIBER'), false],
    ['managerOfAzurPrescriberInTilleuls', TILLEULS, P('OPERATOR'), true],
    ['managerOfAzurPrescriberInTilleuls', TILLEULS, P('MANAGER'), false],
    ['emptyMembership', AZUR, P('OPERATOR'), false],
    ['operatorOfAzur', AZUR, P(), false],
  ] as const)('%s in %s wanting %j → %s', (grants, establishment, wanted, expected) => {
    expect(holdsInStructure(G[grants]!, establishment, wanted)).toBe(expected);
  });
});

describe('holdsInService: in that service (as the client guard reads it)', () => {
  it.each([
    ['none', CARDIO, P('PRESCRIBER'), false],
    ['prescriberOfCardio', CARDIO, P('PRESCRIBER'), true],
    ['prescriberOfCardio', CARDIO, P('OPERATOR'), false],
    ['prescriberOfCardio', ORTHO, P('PRESCRIBER'), false],
    // Held in the establishment, not in the service itself.
    ['operatorOfAzur', CARDIO, P('OPERATOR'), false],
    ['managerOfAzurPrescriberInTilleuls', ORTHO, P('OPERATOR'), true],
    ['emptyMembership', CARDIO, P('PRESCRIBER'), false],
  ] as const)('%s in service %s wanting %j → %s', (grants, service, wanted, expected) => {
    expect(holdsInService(G[grants]!, service, wanted)).toBe(expected);
  });
});

describe('hasRole: case-insensitive, one role or a list (any of them)', () => {
  it.each([
    [['ROLE_ADMIN'], 'ROLE_ADMIN', true],
    [['ROLE_ADMIN'], 'role_admin', true],
    [['role_professional'], 'ROLE_PROFESSIONAL', true],
    [['ROLE_PATIENT'], 'ROLE_ADMIN', false],
    [['ROLE_PATIENT'], ['ROLE_ADMIN', 'ROLE_PATIENT'], true],
    [['ROLE_PATIENT'], [], false],
    [[], 'ROLE_ADMIN', false],
  ] as const)('%j wanting %j → %s', (roles, wanted, expected) => {
    expect(hasRole(roles, wanted)).toBe(expected);
  });
});

describe('establishments reached by the grants', () => {
  it.each([
    ['none', [], []],
    ['operatorOfAzur', [AZUR], [AZUR]],
    ['prescriberOfCardio', [AZUR], []],
    ['managerOfAzurPrescriberInTilleuls', [AZUR, TILLEULS], [TILLEULS]],
    // A membership without privileges still makes one a member (the structure is listed), never an operator.
    ['emptyMembership', [AZUR], []],
  ] as const)('%s: member of %j, holds OPERATOR in %j', (grants, members, operators) => {
    expect(grantedEstablishmentIds(G[grants]!).sort()).toEqual([...members].sort());
    expect(establishmentsHolding(G[grants]!, ['OPERATOR']).sort()).toEqual([...operators].sort());
  });
});

describe('canSeeEstablishment: admin, member, or patient there', () => {
  it.each([
    [['ROLE_ADMIN'], 'none', [], TILLEULS, true],
    [['ROLE_PROFESSIONAL'], 'operatorOfAzur', [], AZUR, true],
    [['ROLE_PROFESSIONAL'], 'operatorOfAzur', [], TILLEULS, false],
    [['ROLE_PATIENT'], 'none', [TILLEULS], TILLEULS, true],
    [['ROLE_PATIENT'], 'none', [TILLEULS], AZUR, false],
  ] as const)('%j with %s and files in %j sees %s → %s', (roles, grants, patientEstablishmentIds, establishment, expected) => {
    expect(canSeeEstablishment(roles, { grants: G[grants]!, patientEstablishmentIds: [...patientEstablishmentIds] }, establishment)).toBe(expected);
  });
});

it('grants survive the identity header: JSON in, the same answers out', () => {
  const grants = G.managerOfAzurPrescriberInTilleuls!;
  const travelled = JSON.parse(JSON.stringify(grants)) as Grants;
  expect(travelled).toEqual(grants);
  expect(holdsInStructure(travelled, TILLEULS, ['PRESCRIBER'])).toBe(true);
});
