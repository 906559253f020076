/** The patient file's tabs today (summary, questionnaire responses); the next issues add theirs here. */
import { lazy } from 'react';
import { QUESTIONNAIRES } from '../../features/questionnaires/texts.ts';
import { tabRegistry } from './registry.ts';

export const patientFileTabs = tabRegistry([
  {
    id: 'summary',
    label: { key: 'layout.patientFileSummary' },
    order: 10,
    component: lazy(() => import('../../features/layout-screens/patient-file-page.tsx').then((m) => ({ default: m.PatientFilePage }))),
  },
  {
    // The file's questionnaires and, as a section of the same tab, their responses (issue 10 §4).
    id: 'questionnaires',
    label: { key: 'questionnaires.fileForms.tab', namespace: QUESTIONNAIRES },
    order: 20,
    component: lazy(() => import('./questionnaires-tab.tsx')),
  },
]);
