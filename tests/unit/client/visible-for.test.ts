import { describe, expect, it } from 'vitest';
import { isBlockVisible, viewerIn, type Viewer } from '../../../client/layout-engine/visible-for.ts';
import { AZUR, CARDIO, entry, TILLEULS } from './fixtures.ts';

const viewer = (roles: string[], privileges: Viewer['privileges'] = []): Viewer => ({ roles, privileges });
const patient = viewer(['ROLE_PATIENT']);
const operator = viewer(['ROLE_PROFESSIONAL'], ['OPERATOR']);
const admin = viewer(['ROLE_PROFESSIONAL'], ['ADMIN_ESTABLISHMENT']);

describe('visibleFor', () => {
  it.each([
    ['no rule', undefined, patient, true],
    ['empty rule', {}, patient, true],
    ['listed role', { roles: ['ROLE_PATIENT'] }, patient, true],
    ['role not listed', { roles: ['ROLE_PROFESSIONAL'] }, patient, false],
    ['listed privilege', { privileges: ['OPERATOR', 'PRESCRIBER'] }, operator, true],
    ['privilege not held', { privileges: ['OPERATOR', 'PRESCRIBER'] }, admin, false],
    ['roles or privileges: the role matches', { roles: ['ROLE_PROFESSIONAL'], privileges: ['MANAGER'] }, admin, true],
    ['roles or privileges: neither', { roles: ['ROLE_ADMIN'], privileges: ['MANAGER'] }, operator, false],
    ['roles compared without case', { roles: ['ROLE_PATIENT'] }, viewer(['role_patient']), true],
  ] as const)('%s', (_, visibleFor, who, expected) => {
    expect(isBlockVisible({ visibleFor: visibleFor as never }, who)).toBe(expected);
  });

  it.each([
    ['held directly in the structure', [entry(AZUR, ['OPERATOR'])], AZUR, ['OPERATOR']],
    ['held through a service of the structure', [entry(AZUR, [], [[CARDIO, ['PRESCRIBER']]])], AZUR, ['PRESCRIBER']],
    ['held only in another structure', [entry(TILLEULS, ['ADMIN_ESTABLISHMENT'])], AZUR, []],
  ] as const)('the viewer of a structure: %s', (_, entries, structure, expected) => {
    expect(viewerIn(['ROLE_PROFESSIONAL'], entries, structure).privileges).toEqual(expected);
  });
});
