/**
 * Starts fetching the modules of the screen the page opens on while the session check is
 * still under way, instead of after it: the router is created only once the session is known
 * (spec 000 §2), and its lazy routes would otherwise begin loading only then. The professional
 * tables stand for the structure area (back-office sessions are few).
 */
import { matchPath } from 'react-router';
import { layoutQueryOptions } from '../../layout-engine/api/get-layout.ts';
import { paths, PATIENT_BASE, STRUCTURE_BASE } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { themeQueryOptions } from '../../lib/session/api/get-theme.ts';
import type { SessionData } from '../../lib/session/session-store.ts';
import { resolveIndex } from '../guards/route-guard.ts';
import { patientScreens } from '../routes/patient-screens.ts';
import { professionalScreens } from '../routes/professional-screens.ts';
import type { Screen } from '../routes/screen.ts';

const placeholder = () => import('../../lib/ui/placeholder/not-available-page.tsx');

function screenOf(pathname: string, base: string, table: readonly Screen[]): Screen | undefined {
  return table.find((s) => matchPath({ path: [base, s.path].filter(Boolean).join('/'), end: true }, pathname));
}

export function preloadRoute(pathname: string): void {
  const load: (() => Promise<unknown>)[] = [];
  if (matchPath({ path: PATIENT_BASE, end: false }, pathname)) {
    load.push(() => import('../layouts/patient-layout.tsx'));
    const screen = screenOf(pathname, PATIENT_BASE, patientScreens);
    if (screen) load.push(screen.lazy ?? placeholder);
  } else if (matchPath({ path: STRUCTURE_BASE, end: false }, pathname)) {
    load.push(() => import('../layouts/professional-layout.tsx'));
    const screen = screenOf(pathname, STRUCTURE_BASE, professionalScreens);
    if (screen) load.push(screen.lazy ?? placeholder);
  } else if (pathname === paths.root.pattern || pathname === paths.contextSelector.pattern) {
    load.push(() => import('../layouts/common-layout.tsx'), () => import('../../features/context-selector/context-selector-page.tsx'));
  }
  // A failure here is not reported: the router loads the module again and handles its errors.
  for (const start of load) start().catch(() => {});
}

/**
 * Starts the first screen's own data as soon as the session is known, while the router is created
 * and the shell renders: the establishment's theme and, on a home, its layout — with the queries'
 * own keys, so the screen finds them in flight or done. On a mobile network the home's layout came
 * 1.3 s after the session, behind the first render (issue 18, tests/bench/client-slow-network.ts).
 * An index that points nowhere preloads nothing: the router says so.
 */
export function preloadRouteData(pathname: string, data: SessionData): void {
  const patient = matchPath({ path: `${PATIENT_BASE}/*`, end: false }, pathname);
  const structure = matchPath({ path: `${STRUCTURE_BASE}/*`, end: false }, pathname);
  const home = (base: string) => matchPath({ path: base, end: true }, pathname) !== null;
  let establishmentId: string | undefined;
  let page: 'patient-home' | 'professional-dashboard' | undefined;
  if (patient) {
    establishmentId = resolveIndex(patient.params.patientFileIndex, data.patientFiles)?.service.establishment.id;
    if (home(PATIENT_BASE)) page = 'patient-home';
  } else if (structure && data.kind !== 'admin') {
    establishmentId = resolveIndex(structure.params.structureIndex, data.structures)?.id;
    if (home(STRUCTURE_BASE)) page = 'professional-dashboard';
  }
  if (!establishmentId) return;
  void queryClient.prefetchQuery(themeQueryOptions(establishmentId));
  if (!page) return;
  // The layout, then its blocks' chunks as soon as it says which: before the grid renders them.
  const layout = queryClient.fetchQuery(layoutQueryOptions(page, establishmentId));
  Promise.all([layout, import('../../blocks/index.ts')])
    .then(([document, { blockRegistry }]) => { for (const block of document.blocks) blockRegistry.get(block.type)?.preload(); })
    // Not reported here: the screen asks again and shows its own error.
    .catch(() => {});
}
