/**
 * Route access decisions (spec 000 §2, §6), as pure functions the route loaders call.
 */
import type { PatientFileSummary, PrivilegeEntry } from '../../../schemas/me.ts';
import { paths } from '../../lib/paths.ts';
import type { Privilege } from '../routes/screen.ts';
import { holdsInStructure } from '../../lib/session/privileges.ts';

export type GuardDecision = { allowed: true } | { allowed: false; redirectTo: string };

const allow: GuardDecision = { allowed: true };

/** A refused route goes to /, or to /not-authorized when the attempted path was / itself. */
export function refusal(attemptedPath: string): GuardDecision {
  const path = attemptedPath.replace(/\/+$/, '') || '/';
  return { allowed: false, redirectTo: path === '/' ? paths.notAuthorized.getHref() : paths.root.getHref() };
}

/** A route requiring no privilege is open; otherwise one of them must be held in the structure. */
export function guardStructureRoute(input: {
  attemptedPath: string;
  structureId: string;
  entries: readonly PrivilegeEntry[];
  required?: readonly Privilege[];
}): GuardDecision {
  const { required } = input;
  if (!required || required.length === 0) return allow;
  return holdsInStructure(input.entries, input.structureId, required) ? allow : refusal(input.attemptedPath);
}

/** Patient sessions have no privilege check, only the open-file check on 'only opened' routes. */
export function guardPatientRoute(input: { attemptedPath: string; file: Pick<PatientFileSummary, 'status'>; onlyOpened?: boolean }): GuardDecision {
  if (!input.onlyOpened || input.file.status === 'OPEN') return allow;
  return refusal(input.attemptedPath);
}

/**
 * The entry of an indexed route: `/p/0` is the first patient file, `/s/1` the second
 * structure. Anything but a plain index within the list matches nothing.
 */
export function resolveIndex<T>(raw: string | undefined, list: readonly T[]): T | undefined {
  if (raw === undefined || !/^(0|[1-9]\d*)$/.test(raw)) return undefined;
  return list[Number(raw)];
}
