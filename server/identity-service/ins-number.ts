/**
 * The INS number's check key (spec 001 §5 "INS number must be valid"): the 13 characters of the
 * social-security number, then a 2-digit key equal to 97 minus the number modulo 97. Corsica's
 * departments 2A and 2B count as 19 and 18 in that computation (the official rule, which equals
 * subtracting 1 000 000 or 2 000 000 from the number).
 */
const INS_BODY = /^[0-9]{6}[0-9AB][0-9]{6}$/;

/** The 2-digit key of a 13-character INS body, or undefined when the body is malformed. */
export function insKey(body: string): string | undefined {
  if (!INS_BODY.test(body)) return undefined;
  const digits = body.replace('2A', '19').replace('2B', '18');
  if (!/^[0-9]{13}$/.test(digits)) return undefined; // an A or B outside department 2
  return String(97n - (BigInt(digits) % 97n)).padStart(2, '0');
}

/** The 15-character INS number with its key, for fixtures written as bodies. */
export function withInsKey(body: string): string {
  const key = insKey(body);
  if (key === undefined) throw new Error(`Not an INS number body: ${body}`);
  return body + key;
}

/** True when the 15 characters carry the right key. */
export function isValidInsNumber(insNumber: string): boolean {
  return insNumber.length === 15 && insKey(insNumber.slice(0, 13)) === insNumber.slice(13);
}
