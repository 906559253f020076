/**
 * Patient area, under /p/:patientFileIndex (spec 000 §2). The spec flags some routes 'only
 * opened' without listing them: the ones that act on an ongoing follow-up are flagged here
 * (tasks, schedule, answering a form, messaging, adding a document, connected devices);
 * consulting monitoring, history, documents, education, profile and directory stays open
 * on a closed file.
 */
import { paths } from '../../lib/paths.ts';
import type { Screen } from './screen.ts';

const p = paths.patient;

export const patientScreens: readonly Screen[] = [
  { id: 'patientHome', path: p.home.path, lazy: () => import('../../features/layout-screens/patient-home-page.tsx') },
  { id: 'myTasks', path: p.myTasks.path, onlyOpened: true, navLabel: 'nav.patient.myTasks', lazy: () => import('../../features/questionnaires/tasks/my-tasks-page.tsx') },
  { id: 'healthPathData', path: p.healthPathData.path, navLabel: 'nav.patient.myMonitoring', lazy: () => import('../../features/monitoring/health-path-data-page.tsx') },
  { id: 'messages', path: p.messages.path, onlyOpened: true, navLabel: 'nav.patient.myMessenger', lazy: () => import('../../features/messages/messages-page.tsx') },
  { id: 'documents', path: p.documents.path, navLabel: 'nav.patient.myDocuments', lazy: () => import('../../features/documents/my-documents-page.tsx') },
  { id: 'patientProfessionalDirectory', path: p.professionalDirectory.path, navLabel: 'nav.patient.myDirectory' },
  { id: 'healthPath', path: p.healthPath.path, onlyOpened: true, navLabel: 'nav.patient.mySchedule' },
  { id: 'formResponse', path: p.formResponse.path, back: 'healthPathData', lazy: () => import('../../features/questionnaires/responses/patient-form-response-page.tsx') },
  { id: 'profile', path: p.profile.path },
  { id: 'iot', path: p.iot.path, onlyOpened: true },
  { id: 'surveyAnswers', path: p.surveyAnswers.path, onlyOpened: true, back: 'myTasks', lazy: () => import('../../features/questionnaires/answer/survey-answers-page.tsx') },
  { id: 'documentAdd', path: p.documentAdd.path, onlyOpened: true, back: 'documents', lazy: () => import('../../features/documents/document-add-page.tsx') },
  { id: 'document', path: p.document.path, back: 'documents', lazy: () => import('../../features/documents/document-page.tsx') },
  { id: 'education', path: p.education.path, back: 'healthPathData', lazy: () => import('../../features/education/education-page.tsx') },
];
