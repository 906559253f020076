/**
 * Starts fetching the modules of the screen the page opens on while the session check is
 * still under way, instead of after it: the router is created only once the session is known
 * (spec 000 §2), and its lazy routes would otherwise begin loading only then. The professional
 * tables stand for the structure area (back-office sessions are few).
 */
import { matchPath } from 'react-router';
import { paths, PATIENT_BASE, STRUCTURE_BASE } from '../../lib/paths.ts';
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
