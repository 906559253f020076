/**
 * "Would the guards let me through?" for any address of an area, from the same route tables
 * and the same guard predicates as the route loaders (route-guard.ts). Whatever offers a way
 * to a screen (the navigation, the user menu, the link-list block's shortcuts) asks this, so a
 * shortcut is never offered that the guard then bounces: one rule, not a second copy of it.
 * Addresses outside the area's tables are not this area's to judge: they are allowed (their
 * own area's guards decide when they are opened).
 */
import { matchPath } from 'react-router';
import type { PatientFileSummary, PrivilegeEntry } from '../../../schemas/me.ts';
import { PATIENT_BASE, STRUCTURE_BASE } from '../../lib/paths.ts';
import type { CanOpen } from '../../lib/route-access.ts';
import { patientScreens } from '../routes/patient-screens.ts';
import { professionalScreens } from '../routes/professional-screens.ts';
import type { Screen } from '../routes/screen.ts';
import { guardPatientRoute, guardStructureRoute, type GuardDecision } from './route-guard.ts';

const pathOf = (href: string) => new URL(href, 'http://placeholder').pathname;

/** `area`: the base's parameter and its value (`patientFileIndex` = '0'): another file's or structure's addresses are not judged here. */
function accessIn(base: string, area: [string, string], screens: readonly Screen[], decide: (screen: Screen, path: string) => GuardDecision): CanOpen {
  return (href) => {
    const path = pathOf(href);
    for (const screen of screens) {
      const match = matchPath({ path: [base, screen.path].filter(Boolean).join('/'), end: true }, path);
      if (match) return match.params[area[0]] !== area[1] || decide(screen, path).allowed;
    }
    return true;
  };
}

export const patientRouteAccess = (index: number, file: Pick<PatientFileSummary, 'status'>, screens: readonly Screen[] = patientScreens): CanOpen =>
  accessIn(PATIENT_BASE, ['patientFileIndex', String(index)], screens, (screen, path) => guardPatientRoute({ attemptedPath: path, file, onlyOpened: screen.onlyOpened }));

export const structureRouteAccess = (index: number, structureId: string, entries: readonly PrivilegeEntry[], screens: readonly Screen[] = professionalScreens): CanOpen =>
  accessIn(STRUCTURE_BASE, ['structureIndex', String(index)], screens, (screen, path) => guardStructureRoute({ attemptedPath: path, structureId, entries, required: screen.privileges }));
