import { hasRole } from './roles.ts';

/** Which route tables a session gets (spec 000 §1): back-office admin, professional or patient. */
export type SessionKind = 'admin' | 'professional' | 'patient';

export function sessionKindOf(roles: readonly string[]): SessionKind {
  if (hasRole(roles, 'ROLE_ADMIN')) return 'admin';
  if (hasRole(roles, 'ROLE_PROFESSIONAL')) return 'professional';
  return 'patient';
}
