/**
 * The named policies of server/care/access.ts, as one table: each policy (a row) asked about CHU
 * Azur by each demo role (a column). The row is the one reading of spec 000's roles for that kind
 * of record (the comment table at the top of access.ts); changing a rule means changing its row.
 */
import { describe, expect, it } from 'vitest';
import { NO_GRANTS, policies, type Grants, type WhoWithFiles } from '../../../server/care/access.ts';

const AZUR = 'azur';
const TILLEULS = 'tilleuls';
/** Services of CHU Azur (the prescriber holds PRESCRIBER in Cardiologie only) and of Tilleuls. */
const CARDIO = 'cardio';
const ORTHO = 'ortho';
const PNEUMO = 'pneumo';

const professional = (grants: Partial<Grants>): WhoWithFiles => ({
  roles: ['ROLE_PROFESSIONAL'], grants: { ...NO_GRANTS, ...grants }, patientEstablishmentIds: [],
});

/** The demo roles (server/demo/accounts.ts), each placed in CHU Azur; `other` holds everything, in Tilleuls only. */
const CALLERS = {
  patient: { roles: ['ROLE_PATIENT'], grants: NO_GRANTS, patientEstablishmentIds: [AZUR] },
  caregiver: { roles: ['role_patient'], grants: NO_GRANTS, patientEstablishmentIds: [AZUR] },
  prescriber: professional({ services: { [CARDIO]: { establishmentId: AZUR, privileges: ['PRESCRIBER'] } } }),
  operator: professional({ establishments: { [AZUR]: ['OPERATOR'] } }),
  manager: professional({ establishments: { [AZUR]: ['MANAGER'] } }),
  establishmentAdmin: professional({ establishments: { [AZUR]: ['ADMIN_ESTABLISHMENT'] } }),
  superAdmin: professional({ establishments: { [AZUR]: ['SUPER_ADMIN'] } }),
  backOfficeAdmin: { roles: ['ROLE_ADMIN'], grants: NO_GRANTS, patientEstablishmentIds: [] },
  other: professional({
    establishments: { [TILLEULS]: ['SUPER_ADMIN', 'ADMIN_ESTABLISHMENT', 'OPERATOR', 'PRESCRIBER', 'MANAGER'] },
    services: { [PNEUMO]: { establishmentId: TILLEULS, privileges: ['SUPER_ADMIN', 'ADMIN_ESTABLISHMENT', 'OPERATOR', 'PRESCRIBER', 'MANAGER'] } },
  }),
} satisfies Record<string, WhoWithFiles>;
type CallerName = keyof typeof CALLERS;
const NAMES = Object.keys(CALLERS) as CallerName[];

const P = policies;
/** Each policy about CHU Azur, and the answer of each caller in the order of CALLERS. */
const TABLE: [string, (who: WhoWithFiles) => unknown, unknown[]][] = [
  //                                                                   patient caregiver prescr. operator manager estAdmin superAdm boAdmin other
  ['structure.see', (w) => P.structure.see(w, AZUR),                     [false, false, true, true, true, true, true, true, false]],
  ['catalogue.read', (w) => P.catalogue.read(w, AZUR),                   [false, false, true, true, true, true, true, true, false]],
  ['catalogue.write', (w) => P.catalogue.write(w, AZUR),                 [false, false, false, false, false, true, true, true, false]],
  ['protocols.manage', (w) => P.protocols.manage(w, AZUR),               [false, false, true, false, true, false, true, false, false]],
  // A service's therapeutic content: the protocol managers of that service (the Cardiologie prescriber not Orthopaedics').
  ['protocols.managesService(cardio)', (w) => P.protocols.managesService(w, AZUR, CARDIO), [false, false, true, false, true, false, true, false, false]],
  ['protocols.managesService(ortho)', (w) => P.protocols.managesService(w, AZUR, ORTHO), [false, false, false, false, true, false, true, false, false]],
  ['patientData.inEstablishment', (w) => P.patientData.inEstablishment(w, AZUR), [false, false, true, true, false, false, true, false, false]],
  ['patientData.opensService(cardio)', (w) => P.patientData.opensService(w, AZUR, CARDIO), [false, false, true, true, false, false, true, false, false]],
  ['patientData.opensService(ortho)', (w) => P.patientData.opensService(w, AZUR, ORTHO), [false, false, false, true, false, false, true, false, false]],
  ['clinical.read', (w) => P.clinical.read(w, AZUR),                     [false, false, true, true, true, false, true, false, false]],
  ['formValidation.validates', (w) => P.formValidation.validates(w, AZUR), [false, false, false, false, true, false, true, false, false]],
  ['layouts.see', (w) => P.layouts.see(w, AZUR),                         [true, true, true, true, true, true, true, true, false]],
  ['layouts.editEstablishment', (w) => P.layouts.editEstablishment(w, AZUR), [false, false, false, false, false, true, false, false, false]],
  ['layouts.editPersonal', (w) => P.layouts.editPersonal(w, AZUR),       [false, false, true, true, false, false, false, false, false]],
  ['layouts.provisioningReach', (w) => P.layouts.provisioningReach(w), [
    undefined, undefined, undefined, undefined, undefined,
    { establishmentIds: [AZUR] }, { establishmentIds: [AZUR] }, 'all', { establishmentIds: [TILLEULS] },
  ]],
];

describe('the access policies, each demo role about CHU Azur', () => {
  const cases = TABLE.flatMap(([policy, ask, answers]) => NAMES.map((name, i) => [policy, name, ask, answers[i]] as const));
  it.each(cases)('%s for %s', (_policy, name, ask, expected) => {
    expect(ask(CALLERS[name])).toEqual(expected);
  });

  it('has an answer for every caller in every row', () => {
    for (const [policy, , answers] of TABLE) expect([policy, answers.length]).toEqual([policy, NAMES.length]);
  });
});

describe('layouts.blockVisible: roles, or privileges held in the establishment shown', () => {
  const rule = (roles?: string[], privileges?: string[]) => ({ roles, privileges });
  it.each([
    ['patient', undefined, AZUR, true],
    ['patient', rule([], []), AZUR, true],
    ['patient', rule(['ROLE_PATIENT']), AZUR, true],
    ['operator', rule(['ROLE_PATIENT']), AZUR, false],
    ['operator', rule(undefined, ['OPERATOR']), AZUR, true],
    ['operator', rule(undefined, ['OPERATOR']), TILLEULS, false],
    ['prescriber', rule(undefined, ['PRESCRIBER', 'MANAGER']), AZUR, true],
    ['other', rule(undefined, ['OPERATOR']), AZUR, false],
    ['backOfficeAdmin', rule(['role_admin']), AZUR, true],
  ] as const)('%s, rule %j, in %s → %s', (name, visibleFor, establishment, expected) => {
    expect(policies.layouts.blockVisible(CALLERS[name], establishment, visibleFor)).toBe(expected);
  });
});
