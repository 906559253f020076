/**
 * How the simulator compares traits (spec 001 §5 search): names in any case and with or without accents
 * (civil-status registers and what a professional types rarely agree on diacritics), birth date and sex exactly.
 */
import type { IdentitySearchRequest, ServiceIdentity } from '../../schemas/identity-service.ts';

/** Lower case, no diacritics, hyphens and apostrophes as spaces, single spaces. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-'’]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const firstNameList = (firstNames: string) => firstNames.split(',').map(foldName).filter((n) => n !== '');

/**
 * The typed first names, in order, begin the identity's first names: "Jean" finds "Jean, Pierre"
 * (professionals often know only the first one), "Pierre" does not.
 */
function firstNamesMatch(typed: string, registered: string): boolean {
  const want = firstNameList(typed);
  const have = firstNameList(registered);
  return want.length > 0 && want.length <= have.length && want.every((name, i) => name === have[i]);
}

export function traitsMatch(request: IdentitySearchRequest, identity: ServiceIdentity): boolean {
  return (
    request.birthDate === identity.birthDate &&
    request.sex === identity.sex &&
    foldName(request.birthName) === foldName(identity.birthName) &&
    firstNamesMatch(request.firstNames, identity.firstNames)
  );
}
