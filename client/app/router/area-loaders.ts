/**
 * Loaders of the indexed areas and their screens: an index that matches no patient file or
 * structure goes to the context selector; a screen the user may not open is refused
 * (spec 000 §2, §6).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { PatientAreaData, StructureAreaData } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import type { SessionData } from '../../lib/session/session-store.ts';
import { guardPatientRoute, guardStructureRoute, resolveIndex } from '../guards/route-guard.ts';
import type { Screen } from '../routes/screen.ts';

export type { PatientAreaData, StructureAreaData };

const toSelector = () => redirect(paths.contextSelector.getHref());
const pathOf = (request: Request) => new URL(request.url).pathname;

export function patientArea(data: SessionData, { params }: LoaderFunctionArgs): PatientAreaData {
  const patientFile = resolveIndex(params.patientFileIndex, data.patientFiles);
  if (!patientFile) throw toSelector();
  return { index: Number(params.patientFileIndex), patientFile };
}

export function structureArea(data: SessionData, { params }: LoaderFunctionArgs): StructureAreaData {
  const structure = resolveIndex(params.structureIndex, data.structures);
  if (!structure) throw toSelector();
  return { index: Number(params.structureIndex), structure };
}

/** Guards read the session when they run (`session()`), not a copy taken when the router was made: files change status. */
export const patientScreenGuard = (session: () => SessionData) => (screen: Screen) => (args: LoaderFunctionArgs) => {
  const { patientFile } = patientArea(session(), args);
  const decision = guardPatientRoute({ attemptedPath: pathOf(args.request), file: patientFile, onlyOpened: screen.onlyOpened });
  if (!decision.allowed) throw redirect(decision.redirectTo);
  return null;
};

export const structureScreenGuard = (session: () => SessionData) => (screen: Screen) => (args: LoaderFunctionArgs) => {
  const data = session();
  const { structure } = structureArea(data, args);
  const decision = guardStructureRoute({
    attemptedPath: pathOf(args.request), structureId: structure.id, entries: data.privileges, required: screen.privileges,
  });
  if (!decision.allowed) throw redirect(decision.redirectTo);
  return null;
};
