/**
 * First-login credentials (spec 001 §3 "Patient form": shown once after creation). A professional
 * reads the password to the patient or hands it over on paper, so it avoids look-alike characters
 * (0/O, 1/l/I) and is grouped by four; it is long enough (16 letters and digits from 31 symbols,
 * about 79 bits) to meet the 12-character minimum of a chosen password. Only its argon2 hash is
 * stored, with `must_change_password`, so the next login asks for a new one and the temporary
 * one can never be shown again.
 */
import { randomInt } from 'node:crypto';
import { hashPassword } from './passwords.ts';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function temporaryPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** A new temporary password and what to store for it (`password_hash`, `must_change_password`). */
export async function issueTemporaryPassword(): Promise<{ password: string; stored: { passwordHash: string; mustChangePassword: true } }> {
  const password = temporaryPassword();
  return { password, stored: { passwordHash: await hashPassword(password), mustChangePassword: true } };
}
