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
    id: 'form-responses',
    label: { key: 'questionnaires.responses.tab', namespace: QUESTIONNAIRES },
    order: 20,
    component: lazy(() => import('./form-responses-tab.tsx')),
  },
]);
