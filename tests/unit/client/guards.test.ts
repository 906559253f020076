import { describe, expect, it } from 'vitest';
import { holdsAnywhere, holdsInService, holdsInStructure, keyInList } from '../../../client/lib/session/privileges.ts';
import { guardPatientRoute, guardStructureRoute, refusal, resolveIndex } from '../../../client/app/guards/route-guard.ts';
import { patientFileContext } from '../../../client/app/guards/patient-context.ts';
import { contextShortcut } from '../../../client/app/guards/context-selector-rule.ts';
import { hasRole } from '../../../client/lib/session/roles.ts';
import { sessionKindOf } from '../../../client/lib/session/session-kind.ts';
import { AZUR, CARDIO, entry, file, PNEUMO, TILLEULS } from './fixtures.ts';

const prescriberViaService = [entry(AZUR, [], [[CARDIO, ['PRESCRIBER']]])];
const twoStructures = [entry(AZUR, [], [[CARDIO, ['PRESCRIBER']]]), entry(TILLEULS, ['OPERATOR'])];

describe('privilege checks (spec 000 §6)', () => {
  it.each([
    ['held directly', [entry(AZUR, ['MANAGER'])], AZUR, ['MANAGER'], true],
    ['held through a service', prescriberViaService, AZUR, ['PRESCRIBER'], true],
    ['one of a list', prescriberViaService, AZUR, ['SUPER_ADMIN', 'PRESCRIBER'], true],
    ['not held', prescriberViaService, AZUR, ['MANAGER'], false],
    ['held in another structure only', twoStructures, AZUR, ['OPERATOR'], false],
    ['unknown structure', twoStructures, 'elsewhere', ['OPERATOR'], false],
    ['no privileges at all', [], AZUR, ['OPERATOR'], false],
  ] as const)('in the active structure: %s', (_, entries, structure, wanted, expected) => {
    expect(holdsInStructure(entries, structure, wanted)).toBe(expected);
  });

  it.each([
    ['directly in one', twoStructures, ['OPERATOR'], true],
    ['through a service', twoStructures, ['PRESCRIBER'], true],
    ['nowhere', twoStructures, ['MANAGER'], false],
    ['empty', [], ['MANAGER'], false],
  ] as const)('in any structure: %s', (_, entries, wanted, expected) => {
    expect(holdsAnywhere(entries, wanted)).toBe(expected);
  });

  it.each([
    ['held in the service', prescriberViaService, CARDIO, ['PRESCRIBER'], true],
    ['another privilege', prescriberViaService, CARDIO, ['OPERATOR'], false],
    ['another service', prescriberViaService, PNEUMO, ['PRESCRIBER'], false],
    ['held at establishment level only', [entry(AZUR, ['PRESCRIBER'])], CARDIO, ['PRESCRIBER'], false],
  ] as const)('in a given service: %s', (_, entries, service, wanted, expected) => {
    expect(holdsInService(entries, service, wanted)).toBe(expected);
  });

  it.each([['a', ['a', 'b'], true], ['c', ['a', 'b'], false], ['a', [], false]] as const)('key %s in %j → %s', (key, list, expected) => {
    expect(keyInList(key, list)).toBe(expected);
  });
});

describe('role checks: case-insensitive, one role or a list', () => {
  it.each([
    [['ROLE_ADMIN'], 'ROLE_ADMIN', true],
    [['ROLE_ADMIN'], 'role_admin', true],
    [['role_professional'], 'ROLE_PROFESSIONAL', true],
    [['ROLE_PATIENT'], ['ROLE_ADMIN', 'Role_Patient'], true],
    [['ROLE_PATIENT'], ['ROLE_ADMIN', 'ROLE_PROFESSIONAL'], false],
    [[], 'ROLE_PATIENT', false],
  ] as const)('%j has %j → %s', (roles, wanted, expected) => {
    expect(hasRole(roles, wanted)).toBe(expected);
  });

  it.each([
    [['ROLE_ADMIN'], 'admin'], [['ROLE_PROFESSIONAL'], 'professional'], [['ROLE_PATIENT'], 'patient'],
    [['ROLE_PROFESSIONAL', 'ROLE_ADMIN'], 'admin'], [['role_professional'], 'professional'], [[], 'patient'],
  ] as const)('session kind of %j is %s', (roles, kind) => {
    expect(sessionKindOf(roles)).toBe(kind);
  });
});

describe('route decisions', () => {
  it.each([
    ['/s/0/statistics', '/'], ['/p/0/my-tasks', '/'], ['/', '/not-authorized'], ['', '/not-authorized'], ['//', '/not-authorized'],
  ])('a refusal of %j goes to %s', (path, target) => {
    expect(refusal(path)).toEqual({ allowed: false, redirectTo: target });
  });

  it.each([
    ['no privilege required', undefined, prescriberViaService, true],
    ['empty requirement', [], [], true],
    ['held', ['SUPER_ADMIN', 'OPERATOR', 'PRESCRIBER'], prescriberViaService, true],
    ['not held', ['MANAGER'], prescriberViaService, false],
    ['admin only, not admin', ['ADMIN_ESTABLISHMENT'], [entry(AZUR, ['SUPER_ADMIN'])], false],
  ] as const)('structure route: %s', (_, required, entries, allowed) => {
    const decision = guardStructureRoute({ attemptedPath: '/s/0/x', structureId: AZUR, entries, required });
    expect(decision.allowed).toBe(allowed);
    if (!decision.allowed) expect(decision.redirectTo).toBe('/');
  });

  it.each([
    ['OPEN', true, true], ['CLOSED', true, false], ['AWAITING', true, false],
    ['OPEN', false, true], ['CLOSED', false, true], ['CLOSED', undefined, true],
  ] as const)("patient route on a %s file, 'only opened' %s → allowed %s", (status, onlyOpened, allowed) => {
    expect(guardPatientRoute({ attemptedPath: '/p/0/my-tasks', file: { status }, onlyOpened }).allowed).toBe(allowed);
  });

  it.each([
    ['0', 'a'], ['2', 'c'], ['3', undefined], ['-1', undefined], ['01', undefined], ['1.0', undefined],
    ['x', undefined], ['', undefined], [undefined, undefined], [' 1', undefined], ['1e0', undefined],
  ])('index %j → %s', (raw, expected) => {
    expect(resolveIndex(raw, ['a', 'b', 'c'])).toBe(expected);
  });
});

describe('patient-file context (spec 000 §4)', () => {
  const me = 'user-1';
  it.each([
    ['own file', file('OPEN', me), false, 'patient'],
    ['own file, professional side', file('OPEN', me), true, 'patient'],
    ["someone else's file (patient absent)", file('OPEN'), false, 'caregiver'],
    ['flagged caregiver', file('OPEN', 'other', true), false, 'caregiver'],
    ['patient is another user', file('CLOSED', 'other'), true, 'caregiver'],
    ['no file, professional side', undefined, true, 'professional'],
    ['no file, patient side', undefined, false, undefined],
  ] as const)('%s → %s', (_, activeFile, professionalSide, expected) => {
    expect(patientFileContext({ userId: me, activeFile, professionalSide })).toBe(expected);
  });
});

describe('context selector shortcut (spec 000 §2)', () => {
  it.each([
    [1, 0, '/p/0'], [0, 1, '/s/0'], [1, 1, undefined], [2, 0, undefined], [0, 2, undefined], [0, 0, undefined], [3, 1, undefined],
  ])('%i file(s), %i structure(s) → %s', (files, structures, expected) => {
    expect(contextShortcut(files, structures)).toBe(expected);
  });
});
