/** argon2id at OWASP ASVS parameters (m = 19 MiB, t = 2, p = 1). */
import argon2 from 'argon2';

export const ARGON2_PARAMETERS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_PARAMETERS);

/**
 * False for a stored value that is not an argon2 hash (an account that cannot log in, such as the
 * demo population's): checked against the decoy, so it takes as long as a wrong password and does not
 * tell such an account apart.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return verifyAgainstDecoy(password);
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Verified instead of a real hash when the account does not exist, so that an unknown account
 * and a wrong password take the same time.
 */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoy, password);
  return false;
}
