/**
 * Consent gates (spec 000 §4): until the user accepts the terms, then consents to personal-data
 * use, every API call answers 401 with the matching code, except the calls that record the
 * consent and the one that saves the language.
 */
import type { UserSnapshot } from '../shared/user-snapshot.ts';

export const CONSENT_EXEMPT = new Set([
  'POST /api/me/terms-acceptance',
  'POST /api/me/personal-data-consent',
  'HEAD /api/me',
]);

export function missingConsent(user: UserSnapshot): 'cgu_not_accepted' | 'personal_data_use_not_approved' | undefined {
  if (!user.cguAcceptedAt) return 'cgu_not_accepted';
  if (!user.personalDataConsentAt) return 'personal_data_use_not_approved';
  return undefined;
}
