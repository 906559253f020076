/** The patient file's tabs today (summary, questionnaire responses); the next issues add theirs here. */
import { lazy } from 'react';
import { QUESTIONNAIRES } from '../../features/questionnaires/texts.ts';
import { PATIENT_FILE_HISTORY } from '../../lib/history/texts.ts';
import { PATIENT_FILE_NOTES } from '../../features/patient-file-notes/texts.ts';
import { PATIENT_FILE_CAREGIVERS } from '../../features/patient-file-caregivers/texts.ts';
import { PRIVILEGE_SETS } from '../../../schemas/privileges.ts';
import { PATIENT_FILE_STATUS } from '../../features/patient-file-status/texts.ts';
import { CONDITIONS } from '../../features/conditions/texts.ts';
import { tabRegistry } from './registry.ts';
import { IDENTITY } from '../../features/identity/texts.ts';
import { PROTOCOLS } from '../../features/protocols/texts.ts';
import { INDICATORS_TAB } from '../../features/indicators-tab/texts.ts';
import { DOCUMENTS } from '../../features/documents/texts.ts';
import { MESSAGES } from '../../features/messages/texts.ts';

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
  {
    // Every history entry of the file, newest first, filtered by kind and period (issue 10 §4); the professional's.
    id: 'history',
    label: { key: 'patientFileHistory.tab', namespace: PATIENT_FILE_HISTORY },
    privileges: PRIVILEGE_SETS.patientData,
    order: 70,
    component: lazy(() => import('../../features/patient-file-history/history-tab.tsx')),
  },
  {
    // The file's notes: add, edit one's own, archive, show the archived ones (issue 10 §4); the professional's.
    id: 'notes',
    label: { key: 'patientFileNotes.tab', namespace: PATIENT_FILE_NOTES },
    privileges: PRIVILEGE_SETS.patientData,
    order: 40,
    component: lazy(() => import('../../features/patient-file-notes/notes-tab.tsx').then((m) => ({ default: m.NotesTab }))),
  },
  {
    // Who follows the file as a caregiver: add (existing account or new one with one-time credentials), remove (issue 10 §4).
    id: 'caregivers',
    label: { key: 'patientFileCaregivers.tab', namespace: PATIENT_FILE_CAREGIVERS },
    privileges: PRIVILEGE_SETS.patientData,
    order: 50,
    component: lazy(() => import('../../features/patient-file-caregivers/caregivers-tab.tsx').then((m) => ({ default: m.CaregiversTab }))),
  },
  {
    // Status and dates of the follow-up; close (with its reason), reopen, patient data on/off (issue 10 §4); the professional's.
    id: 'follow-up',
    label: { key: 'patientFileStatus.tab', namespace: PATIENT_FILE_STATUS },
    privileges: PRIVILEGE_SETS.patientData,
    order: 60,
    component: lazy(() => import('../../features/patient-file-status/follow-up-tab.tsx').then((m) => ({ default: m.FollowUpTab }))),
  },
  {
    // The patient's conditions, chosen from the establishment's pathologies; a row opens condition/:id (issue 10 §4).
    id: 'conditions',
    label: { key: 'conditions.tab', namespace: CONDITIONS },
    privileges: PRIVILEGE_SETS.patientData,
    order: 55,
    component: lazy(() => import('../../features/conditions/conditions-tab.tsx').then((m) => ({ default: m.ConditionsTab }))),
  },
  {
    // The patient's identity: status and attributes, search and verification against the national service, identity documents, change with a proof (issue 10 §2).
    id: 'identity',
    label: { key: 'identity.tab', namespace: IDENTITY },
    privileges: PRIVILEGE_SETS.patientData,
    order: 30,
    component: lazy(() => import('../../features/identity/identity-tab.tsx').then((m) => ({ default: m.IdentityTab }))),
  },
  {
    // The file's charts, value table, thresholds, reference values and non-compliance rules (issue 11 §6); the professional's.
    id: 'indicators',
    label: { key: 'indicatorsTab.tab', namespace: INDICATORS_TAB },
    privileges: PRIVILEGE_SETS.patientData,
    order: 25,
    component: lazy(() => import('../../features/indicators-tab/indicators-tab.tsx').then((m) => ({ default: m.IndicatorsTab }))),
  },
  {
    // The protocols applied to the file with their state and actions, and applying one of its service's (issue 11 §8).
    id: 'protocols',
    label: { key: 'protocols.file.tab', namespace: PROTOCOLS },
    privileges: PRIVILEGE_SETS.patientData,
    order: 27,
    component: lazy(() => import('../../features/protocols/file-protocols-tab.tsx')),
  },
  {
    // The file's documents: list, filter by type, open one to view, acknowledge or mark it entered in error (issue 20 §1); the professional's.
    id: 'documents',
    label: { key: 'documents.tab', namespace: DOCUMENTS },
    privileges: PRIVILEGE_SETS.patientData,
    order: 35,
    component: lazy(() => import('../../features/documents/documents-tab.tsx').then((m) => ({ default: m.DocumentsTab }))),
  },
  {
    // The file's conversation with the patient and her caregivers, as she sees it in My Messenger (issue 20 §4); the professional's.
    id: 'messages',
    label: { key: 'messages.tab', namespace: MESSAGES },
    privileges: PRIVILEGE_SETS.patientData,
    order: 37,
    component: lazy(() => import('../../features/messages/messages-tab.tsx').then((m) => ({ default: m.MessagesTab }))),
  },
]);
