/**
 * French identifiers of the patient form (spec 001 §5): the INS number (NIR with its key), the
 * social security number, INSEE codes and the OID of the identity's assigning authority.
 * Pure functions, shared by the server and the client; each answers a stable error code or undefined.
 */

/**
 * The NIR's 13 characters: sex (1, 2; 3, 4 for a provisional NIA; 7, 8 for a temporary number), year,
 * month (01–12, or 20–42 / 50–99 when the month is unknown), department (2A and 2B for Corsica),
 * commune and order number. Only its shape: the key is checked apart.
 */
const NIR_BODY = /^[1-478]\d{4}(?:\d{2}|2A|2B)\d{6}$/;

/**
 * The key is 97 − (NIR mod 97). Corsican departments 2A and 2B, which are not numbers, count as 19
 * and 18 (the substitution of the INSEE rule, not 20: 2A0… becomes 190…, 2B0… becomes 180…).
 * BigInt because 13 digits exceed what mod on a double keeps exact only by luck.
 */
export function nirKey(body: string): number {
  const numeric = body.toUpperCase().replace('2A', '19').replace('2B', '18');
  return 97 - Number(BigInt(numeric) % 97n);
}

/** Spaces are how the number is printed on a card (1 85 05 78 006 084 36); they are not part of it. */
export const normaliseIns = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The INS number (spec 001 §5 "INS number must be valid"): 13 NIR characters and a matching 2-digit key. */
export function insNumberError(value: string): 'ins_number_invalid' | 'ins_key_invalid' | undefined {
  const ins = normaliseIns(value);
  if (ins.length !== 15 || !NIR_BODY.test(ins.slice(0, 13)) || !/^\d{2}$/.test(ins.slice(13))) return 'ins_number_invalid';
  return Number(ins.slice(13)) === nirKey(ins.slice(0, 13)) ? undefined : 'ins_key_invalid';
}

/**
 * Social security number: exactly 13 characters, the NIR without its key (spec 001 §9 "13 digits").
 * 2A/2B are accepted in the department: a person born in Corsica has them in the number on the card,
 * and refusing them would make that person impossible to register.
 */
export const socialSecurityNumberError = (value: string) =>
  /^\d{5}(?:\d{2}|2A|2B)\d{6}$/i.test(value.replace(/\s+/g, '')) ? undefined : ('social_security_number_invalid' as const);

/** INSEE code of a commune or of a country (99xxx): 5 alphanumeric characters (spec 001 §5; 2A004 is Ajaccio). */
export const INSEE_CODE_PATTERN = '^[0-9A-Za-z]{5}$';
export const inseeCodeError = (value: string) => (new RegExp(INSEE_CODE_PATTERN).test(value) ? undefined : ('insee_code_invalid' as const));

/** An OID is dot-separated arcs, the first 0, 1 or 2, without leading zeros (1.2.250.1.213.1.4.8 is the NIR's). */
export const OID_PATTERN = '^[0-2](?:\\.(?:0|[1-9][0-9]*))+$';
export const oidError = (value: string) => (new RegExp(OID_PATTERN).test(value) ? undefined : ('oid_invalid' as const));
