/** Professional area, under /s/:structureIndex, with the privileges of spec 000 §2. */
import { paths } from '../../lib/paths.ts';
import { PRIVILEGE_SETS } from '../../../schemas/privileges.ts';
import type { Screen } from './screen.ts';

const s = paths.professional;
// The same sets as the routes these screens call (schemas/privileges.ts).
const {
  establishmentAdmin: ADMIN_ESTABLISHMENT, patientData: PATIENT_DATA, protocols: PROTOCOLS, formValidation: VALIDATION,
  clinical: CLINICAL, layoutEditors: LAYOUT_EDITORS, statistics: STATISTICS,
} = PRIVILEGE_SETS;

export const professionalScreens: readonly Screen[] = [
  { id: 'professionalHome', path: s.home.path, navLabel: 'nav.professional.home', lazy: () => import('../../features/layout-screens/professional-home-page.tsx') },
  // Alerts are patient data (spec 000 §6: professionals "see patient alerts"): the list and an
  // alert's context answer only those who open files there, so only they are offered them.
  { id: 'alerts', path: s.alerts.path, privileges: PATIENT_DATA, navLabel: 'nav.professional.alerts', lazy: () => import('../../features/alerts/alerts-page.tsx') },
  { id: 'patientFiles', path: s.patientFiles.path, privileges: PATIENT_DATA, navLabel: 'nav.professional.patientFiles', lazy: () => import('../../features/patient-files/patient-file-list-page.tsx') },
  { id: 'medicalProtocols', path: s.medicalProtocols.path, privileges: PROTOCOLS, navLabel: 'nav.professional.medicalProtocols', lazy: () => import('../../features/protocols/protocol-list-page.tsx') },
  // Spec 000 §2 lists no privilege for prescriptions, but they are patient data the API answers
  // only with one (care.patientDataIn): offered to those who open files, as alerts are.
  { id: 'prescriptions', path: s.prescriptions.path, privileges: PATIENT_DATA, navLabel: 'nav.professional.prescriptions', lazy: () => import('../../features/documents/prescriptions-page.tsx') },
  { id: 'contentValidation', path: s.contentValidation.path, privileges: VALIDATION, navLabel: 'nav.professional.contentValidation' },
  { id: 'statistics', path: s.statistics.path, privileges: STATISTICS, navLabel: 'nav.professional.statistics' },
  { id: 'professionalDirectory', path: s.professionalDirectory.path, privileges: CLINICAL, navLabel: 'nav.professional.professionalDirectory' },
  // Spec 000 §2 lists operator and prescriber (their own dashboard and summary); issue 4 adds the
  // establishment admins, who edit the establishment's layouts there.
  { id: 'layoutBuilder', path: s.layoutBuilder.path, privileges: LAYOUT_EDITORS, navLabel: 'nav.professional.layoutBuilder', lazy: () => import('../../features/layout-builder/layout-builder-page.tsx') },
  { id: 'structure', path: s.structure.path, privileges: ADMIN_ESTABLISHMENT, navLabel: 'nav.professional.structure', lazy: () => import('../../features/identity/document-types-page.tsx') },
  { id: 'devices', path: s.devices.path, privileges: ADMIN_ESTABLISHMENT, navLabel: 'nav.professional.devices' },
  { id: 'alertsBatch', path: s.alertsBatch.path, privileges: PATIENT_DATA, back: 'alerts', lazy: () => import('../../features/alerts/alert-batch-page.tsx') },
  { id: 'identityDocument', path: s.identityDocument.path, privileges: PATIENT_DATA, lazy: () => import('../../features/identity/identity-document-page.tsx') },
  { id: 'medicalProtocol', path: s.medicalProtocol.path, privileges: PROTOCOLS, back: 'medicalProtocols', lazy: () => import('../../features/protocols/protocol-page.tsx') },
  { id: 'medicalProtocolDocument', path: s.medicalProtocolDocument.path, privileges: PROTOCOLS, back: 'medicalProtocols' },
  { id: 'patientFileDocument', path: s.patientFileDocument.path, privileges: PATIENT_DATA, back: 'patientFile', lazy: () => import('../../features/documents/patient-file-document-page.tsx') },
  { id: 'patientFileFormResponse', path: s.patientFileFormResponse.path, privileges: PATIENT_DATA, back: 'patientFile', lazy: () => import('../../features/questionnaires/responses/professional-form-response-page.tsx') },
  { id: 'cpiaPayload', path: s.cpiaPayload.path, privileges: PATIENT_DATA },
  { id: 'medialPayload', path: s.medialPayload.path, privileges: PATIENT_DATA },
  { id: 'clinicalPayload', path: s.clinicalPayload.path, privileges: PATIENT_DATA },
  { id: 'patientFile', path: s.patientFile.path, privileges: PATIENT_DATA, back: 'patientFiles', lazy: () => import('../screens/patient-file-screen.tsx') },
  { id: 'surveyValidation', path: s.surveyValidation.path, privileges: VALIDATION, lazy: () => import('../../features/questionnaires/validation/survey-validation-page.tsx') },
  { id: 'condition', path: s.condition.path, privileges: CLINICAL, back: 'patientFiles', lazy: () => import('../../features/conditions/condition-page.tsx') },
  // `patient/new` creates a patient (and their file); `patient/:id` edits a person's profile. Spec 000 lists no
  // privilege for it, but the server answers only a patient-data privilege (in the service, or on one of the
  // person's files): without one the screen could only fail, so it is not offered.
  { id: 'patientProfile', path: s.patientProfile.path, privileges: PATIENT_DATA, back: 'patientFiles', lazy: () => import('../../features/patient-profile/patient-profile-page.tsx') },
  { id: 'calculatedDataPreview', path: s.calculatedDataPreview.path, privileges: VALIDATION },
  { id: 'calculatedDataValidation', path: s.calculatedDataValidation.path, privileges: VALIDATION },
];
