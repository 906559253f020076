/**
 * Back-office area for administrators, under /s/:structureIndex (spec 000 §2). Two children
 * share the empty path: the back-office home and the admin home ('my establishment'); the
 * first is shown to ROLE_ADMIN sessions, which are the only ones given this table.
 */
import { paths } from '../../lib/paths.ts';
import type { Screen } from './screen.ts';

const b = paths.backOffice;

export const backOfficeScreens: readonly Screen[] = [
  { id: 'backOfficeHome', path: b.home.path, navLabel: 'nav.backOffice.home' },
  { id: 'pathologies', path: b.pathologies.path, navLabel: 'nav.backOffice.pathologies' },
  { id: 'patientsList', path: b.patientsList.path, navLabel: 'nav.backOffice.patientsList' },
  { id: 'alertStatuses', path: b.alertStatuses.path, navLabel: 'nav.backOffice.alertStatuses', lazy: () => import('../../features/catalogue/alert-statuses-page.tsx') },
  { id: 'indicators', path: b.indicators.path, navLabel: 'nav.backOffice.indicators', lazy: () => import('../../features/catalogue/indicators-page.tsx') },
  { id: 'indicatorsVisibility', path: b.indicatorsVisibility.path, navLabel: 'nav.backOffice.indicatorsVisibility', lazy: () => import('../../features/catalogue/indicators-visibility-page.tsx') },
  { id: 'calculatedData', path: b.calculatedData.path, navLabel: 'nav.backOffice.calculatedData' },
  { id: 'externalData', path: b.externalData.path, navLabel: 'nav.backOffice.externalData' },
  { id: 'surveys', path: b.surveys.path, navLabel: 'nav.backOffice.surveys', lazy: () => import('../../features/surveys/surveys-page.tsx') },
  { id: 'properties', path: b.properties.path, navLabel: 'nav.backOffice.properties' },
  { id: 'iotDevices', path: b.iotDevices.path, navLabel: 'nav.backOffice.iotDevices' },
  { id: 'changelogs', path: b.changelogs.path, navLabel: 'nav.backOffice.changelogs' },
  { id: 'pathology', path: b.pathology.path, back: 'pathologies' },
  { id: 'calculatedDataEditor', path: b.calculatedDataEditor.path, back: 'calculatedData' },
  { id: 'surveyEditor', path: b.surveyEditor.path, back: 'surveys' },
  { id: 'changelog', path: b.changelog.path, back: 'changelogs' },
];
