/**
 * The simulator's register: fictitious people only (no real INS number: every body below is invented;
 * the keys are computed so verification can succeed). Each person is here for one answer of the service,
 * so demo mode and the tests can type their traits and get that answer.
 */
import type { ServiceIdentity } from '../../schemas/identity-service.ts';
import { withInsKey } from './ins-number.ts';

/** OID of the test register of INS-NIR numbers: fictitious numbers are never given the production OID. */
export const TEST_INS_OID = '1.2.250.1.213.1.4.10';

export interface TestIdentity {
  /** Which answer this person is here for (documentation for people reading fixtures and demo data). */
  purpose: 'found' | 'found-corsica' | 'several-matches' | 'not-found' | 'service-error' | 'slow';
  identity: ServiceIdentity;
  /** false: a person the service does not know (kept to be typed in the demo and tests). */
  registered: boolean;
  /** service-error: the service answers 503 to any search or verification matching this person; slow: it answers late. */
  behaviour?: 'service-error' | 'slow';
}

const person = (
  purpose: TestIdentity['purpose'],
  insBody: string,
  traits: Omit<ServiceIdentity, 'insNumber' | 'oid'>,
  extra: Partial<Pick<TestIdentity, 'registered' | 'behaviour'>> = {},
): TestIdentity => ({
  purpose,
  identity: { insNumber: withInsKey(insBody), oid: TEST_INS_OID, ...traits },
  registered: extra.registered ?? true,
  ...(extra.behaviour ? { behaviour: extra.behaviour } : {}),
});

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  person('found', '2850675056123', {
    birthName: 'DUPRÉ', firstNames: 'Hélène, Marie', sex: 'female', birthDate: '1985-06-12', birthPlaceInseeCode: '75056',
  }),
  person('found-corsica', '299022A004042', {
    birthName: 'CASANOVA', firstNames: 'Lucia', sex: 'female', birthDate: '1999-02-03', birthPlaceInseeCode: '2A004',
  }),
  // Two namesakes born the same day: a search by traits alone cannot tell them apart.
  person('several-matches', '1920233063045', {
    birthName: 'MARTIN', firstNames: 'Jean, Pierre', sex: 'male', birthDate: '1992-02-20', birthPlaceInseeCode: '33063',
  }),
  person('several-matches', '1920213055017', {
    birthName: 'MARTIN', firstNames: 'Jean', sex: 'male', birthDate: '1992-02-20', birthPlaceInseeCode: '13055',
  }),
  person('not-found', '2010113055301', {
    birthName: 'INCONNU', firstNames: 'Personne', sex: 'female', birthDate: '2001-01-13', birthPlaceInseeCode: '13055',
  }, { registered: false }),
  person('service-error', '1670399350007', {
    birthName: 'PANNE', firstNames: 'Serveur', sex: 'male', birthDate: '1967-03-09', birthPlaceInseeCode: '99350',
  }, { behaviour: 'service-error' }),
  person('slow', '1780506088211', {
    birthName: 'LENTEUR', firstNames: 'Paul', sex: 'male', birthDate: '1978-05-21', birthPlaceInseeCode: '06088',
  }, { behaviour: 'slow' }),
];
