/**
 * The INS number's check key (spec 001 §5 "INS number must be valid"), for the simulator's test
 * identities. The rule itself is the patient form's (schemas/patient-form/identifiers.ts: 97 minus
 * the number modulo 97, Corsica's 2A and 2B counted as 19 and 18); this module only gives it the
 * shapes fixtures need (the key of a 13-character body, a body made whole).
 */
import { insNumberError, nirKey } from '../../schemas/patient-form/identifiers.ts';

const INS_BODY = /^[0-9]{6}[0-9AB][0-9]{6}$/;

/** The 2-digit key of a 13-character INS body, or undefined when the body is malformed. */
export function insKey(body: string): string | undefined {
  if (!INS_BODY.test(body)) return undefined;
  // An A or B is a department only in 2A/2B.
  if (!/^[0-9]{13}$/.test(body.replace('2A', '19').replace('2B', '18'))) return undefined;
  return String(nirKey(body)).padStart(2, '0');
}

/** The 15-character INS number with its key, for fixtures written as bodies. */
export function withInsKey(body: string): string {
  const key = insKey(body);
  if (key === undefined) throw new Error(`Not an INS number body: ${body}`);
  return body + key;
}

/** True when the 15 characters carry the right key. */
export const isValidInsNumber = (insNumber: string): boolean => insNumberError(insNumber) === undefined;
