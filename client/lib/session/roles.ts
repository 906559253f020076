/** Role checks (spec 000 §6): case-insensitive, one role or a list (any of them). */
export function hasRole(roles: readonly string[], wanted: string | readonly string[]): boolean {
  const list = (typeof wanted === 'string' ? [wanted] : wanted).map((r) => r.toLowerCase());
  return roles.some((r) => list.includes(r.toLowerCase()));
}
