/**
 * The routes of spec 000 §2 and who may open them (§2's privileges, §6's roles), written from the
 * spec rather than read from the client's route tables, so the walk checks the tables too. Each
 * route carries the records it needs (`:id`s), found through the API by `walkRecords`.
 */
import { apiSession } from './api-session.ts';

export type Privilege = 'SUPER_ADMIN' | 'OPERATOR' | 'PRESCRIBER' | 'MANAGER' | 'ADMIN_ESTABLISHMENT';
export type Area = 'patient' | 'professional' | 'backOffice' | 'common';

/** A demo account (README), its area and what it holds in its structure /s/0. */
export interface Role { account: string; area: Exclude<Area, 'common'>; privilege?: Privilege; closedFile?: boolean }

export const ROLES: readonly Role[] = [
  { account: 'patient.open', area: 'patient' },
  { account: 'caregiver', area: 'patient' },
  { account: 'patient.closed', area: 'patient', closedFile: true },
  { account: 'prescriber', area: 'professional', privilege: 'PRESCRIBER' },
  { account: 'operator', area: 'professional', privilege: 'OPERATOR' },
  { account: 'manager', area: 'professional', privilege: 'MANAGER' },
  { account: 'admin.establishment', area: 'professional', privilege: 'ADMIN_ESTABLISHMENT' },
  { account: 'superadmin', area: 'professional', privilege: 'SUPER_ADMIN' },
  { account: 'admin', area: 'backOffice' },
];

/** The records the parameterised routes open, per establishment where it matters. */
export interface WalkRecords {
  patientFileId: string; personId: string; formResponseId: string; freeFormId: string; alertBatchId: string;
  protocolId: string; conditionId: string; otherPersonId: string; otherAlertBatchId: string;
  /** A document of Camille Martin's file that she and her caregivers see. */
  documentId: string;
  /** An item of the therapeutic content of Camille's service (the demo Cardiologie library): its image, which loads nothing from outside. */
  educationId: string;
}

export interface WalkRoute {
  area: Area;
  /** The spec's pattern (for the report and the "once in Arabic" bookkeeping). */
  pattern: string;
  /** The address, from the records and whether the role is in the other establishment. */
  href(records: WalkRecords, role: Role): string;
  /** Privileges of which one is required (§2); absent: none. */
  privileges?: readonly Privilege[];
  /** Patient area: only when the file is OPEN (the ones client/app/routes/patient-screens.ts flags). */
  onlyOpened?: boolean;
  /** A record of the patient's own open file: not walked on a closed file. */
  ownOpenFile?: boolean;
  /**
   * Another view of a route the other roles walk too (a tab of `:currentTab?`): walked by the
   * first role that may open it, to keep the walk short.
   */
  once?: boolean;
}

const PATIENT_DATA: Privilege[] = ['SUPER_ADMIN', 'OPERATOR', 'PRESCRIBER'];
const PROTOCOLS: Privilege[] = ['SUPER_ADMIN', 'PRESCRIBER', 'MANAGER'];
const VALIDATION: Privilege[] = ['SUPER_ADMIN', 'MANAGER'];
const CLINICAL: Privilege[] = ['SUPER_ADMIN', 'OPERATOR', 'PRESCRIBER', 'MANAGER'];
/** The establishment admin works in another establishment than the CHU Azur roles. */
const inOther = (role: Role) => role.privilege === 'ADMIN_ESTABLISHMENT';

const fixed = (area: Area, pattern: string, extra: Partial<WalkRoute> = {}): WalkRoute => ({ area, pattern, href: () => pattern, ...extra });
const P = (path: string, extra: Partial<WalkRoute> = {}, href?: (r: WalkRecords) => string): WalkRoute =>
  ({ area: 'patient', pattern: `/p/0${path ? `/${path}` : ''}`, href: href ? (r) => `/p/0/${href(r)}` : () => `/p/0${path ? `/${path}` : ''}`, ...extra });
const S = (path: string, extra: Partial<WalkRoute> = {}, href?: (r: WalkRecords, role: Role) => string): WalkRoute =>
  ({ area: 'professional', pattern: `/s/0${path ? `/${path}` : ''}`, href: href ? (r, role) => `/s/0/${href(r, role)}` : () => `/s/0${path ? `/${path}` : ''}`, ...extra });
const B = (path: string): WalkRoute => ({ area: 'backOffice', pattern: `/s/0${path ? `/${path}` : ''}`, href: () => `/s/0${path ? `/${path}` : ''}` });

/** The tabs of the patient file (client/app/patient-file-tabs/tabs.ts): `:currentTab?`. */
export const PATIENT_FILE_TABS = ['summary', 'questionnaires', 'history', 'notes', 'caregivers', 'follow-up', 'conditions', 'identity', 'indicators', 'protocols', 'documents', 'messages'];

export const WALK_ROUTES: readonly WalkRoute[] = [
  fixed('common', '/context-selector'),
  fixed('common', '/not-authorized'),
  fixed('common', '/auth-error'),
  fixed('common', '/structure-create'),

  P(''),
  P('my-tasks', { onlyOpened: true }),
  P('health-path', { onlyOpened: true }),
  P('health-path-data'),
  P('health-path-history/form-responses/:formResponseId', { ownOpenFile: true }, (r) => `health-path-history/form-responses/${r.formResponseId}`),
  P('profile'),
  P('iot', { onlyOpened: true }),
  P('survey-answers/:id/free', { onlyOpened: true }, (r) => `survey-answers/${r.freeFormId}/free`),
  P('messages', { onlyOpened: true }),
  P('documents'),
  P('documents/add', { onlyOpened: true }),
  // Documents are not built yet (their screens say so): any id opens the placeholder.
  P('documents/:documentId', { ownOpenFile: true }, (r) => `documents/${r.documentId}`),
  // An item of the service library of Camille's open file (the closed file's service has none).
  P('education/:documentId', { ownOpenFile: true }, (r) => `education/${r.educationId}`),
  P('professional-directory'),

  S(''),
  S('structure', { privileges: ['ADMIN_ESTABLISHMENT'] }),
  S('devices', { privileges: ['ADMIN_ESTABLISHMENT'] }),
  S('alerts'),
  S('alerts-batch/:id', {}, (r, role) => `alerts-batch/${inOther(role) ? r.otherAlertBatchId : r.alertBatchId}`),
  S('medical-protocols', { privileges: PROTOCOLS }),
  S('medical-protocols/:medicalProtocolId', { privileges: PROTOCOLS }, (r) => `medical-protocols/${r.protocolId}`),
  S('medical-protocols/:medicalProtocolId/documents/:documentId', { privileges: PROTOCOLS }, (r) => `medical-protocols/${r.protocolId}/documents/d1`),
  S('patient-file', { privileges: PATIENT_DATA }),
  ...PATIENT_FILE_TABS.map((tab, i) => S(`patient-file/:patientFileId/${tab}`, { privileges: PATIENT_DATA, once: i > 0 }, (r) => `patient-file/${r.patientFileId}/${tab}`)),
  S('patient-file/:patientFileId/documents/:documentId', { privileges: PATIENT_DATA }, (r) => `patient-file/${r.patientFileId}/documents/${r.documentId}`),
  S('patient-file/:patientFileId/form-responses/:formResponseId', { privileges: PATIENT_DATA }, (r) => `patient-file/${r.patientFileId}/form-responses/${r.formResponseId}`),
  S('patient-file/:patientFileId/cpia-payload/:cpiaPayloadId', { privileges: PATIENT_DATA }, (r) => `patient-file/${r.patientFileId}/cpia-payload/c1`),
  S('patient-file/:patientFileId/medial-payload/:medialPayloadId', { privileges: PATIENT_DATA }, (r) => `patient-file/${r.patientFileId}/medial-payload/m1`),
  S('patient-file/:patientFileId/clinical_document_payloads/:clinicalPayloadId', { privileges: PATIENT_DATA }, (r) => `patient-file/${r.patientFileId}/clinical_document_payloads/c1`),
  S('surveys/:id/validation', { privileges: VALIDATION }, (r) => `surveys/${r.freeFormId}/validation`),
  S('content-validation', { privileges: VALIDATION }),
  S('condition/:id', { privileges: CLINICAL }, (r) => `condition/${r.conditionId}`),
  S('patient/:id', {}, (r, role) => `patient/${inOther(role) ? r.otherPersonId : r.personId}`),
  S('calculated-data/:id/preview', { privileges: VALIDATION }, () => 'calculated-data/k1/preview'),
  S('calculated-data/:id/validation', { privileges: VALIDATION }, () => 'calculated-data/k1/validation'),
  S('statistics', { privileges: ['MANAGER'] }),
  // Spec 000 lists operator and prescriber; issue 4 adds the establishment admins (their establishment's layouts).
  S('layout-builder', { privileges: ['OPERATOR', 'PRESCRIBER', 'ADMIN_ESTABLISHMENT'] }),
  S('prescriptions', { privileges: PATIENT_DATA }),
  S('professional-directory', { privileges: CLINICAL }),

  B(''), B('pathologies'), B('pathologies/asthma'), B('patients-list'), B('alert-statuses'), B('indicators'),
  B('indicators-visibility'), B('calculated-data'), B('calculated-data/k1/editor'), B('external-data'), B('surveys'),
  B('surveys/f1/editor'), B('properties'), B('iot-devices'), B('changelogs'), B('changelogs/n1'),
];

/** Whether the spec lets `role` open `route` (the walk opens exactly these; the navigation offers no other). */
export function mayOpen(role: Role, route: WalkRoute): boolean {
  if (route.area === 'common') return true;
  if (route.area !== role.area) return false;
  if (role.area === 'patient') return !(role.closedFile && (route.onlyOpened || route.ownOpenFile));
  return !route.privileges || (role.privilege !== undefined && route.privileges.includes(role.privilege));
}

/**
 * The records: Camille Martin's open file at CHU Azur (Cardiologie) with a free PHQ-9 response and
 * a condition (the demo has neither), a pending alert there; in Clinique des Tilleuls, Louis
 * Bernard and an alert, for its establishment admin.
 */
export async function walkRecords(baseUrl: string): Promise<WalkRecords> {
  const [patient, prescriber, superadmin, tilleulsOperator] = await Promise.all([
    apiSession(baseUrl, 'patient.open'), apiSession(baseUrl, 'prescriber'), apiSession(baseUrl, 'superadmin'), apiSession(baseUrl, 'pro.two'),
  ]);
  type File = { id: string; patient: { id: string }; service: { establishment: { id: string } } };
  const file = (await patient.get<{ data: File[] }>('/me/patient_files')).data[0]!;
  const azur = file.service.establishment.id;
  const closed = (await (await apiSession(baseUrl, 'patient.closed')).get<{ data: File[] }>('/me/patient_files')).data[0]!;
  const tilleuls = closed.service.establishment.id;
  const forms = await prescriber.get<{ data: { id: string; reference: string }[] }>(`/establishments/${azur}/forms`);
  const phq9 = forms.data.find((f) => f.reference === 'PHQ-9')!.id;
  const response = await patient.post<{ id: string }>(`/patient_files/${file.id}/form_responses`, {
    formId: phq9, answers: { q1: 1, q2: 2, q3: 0, q4: 3, q5: 1, q6: 0, q7: 2, q8: 0, q9: 0, difficulty: 1 },
  });
  if (response.status !== 201) throw new Error(`PHQ-9 response: ${response.status} ${JSON.stringify(response.body)}`);
  const pathologies = await prescriber.get<{ data: { id: string; slug: string }[] }>(`/establishments/${azur}/pathologies`);
  const added = await prescriber.post<{ id: string; code?: string }>(`/patient_files/${file.id}/conditions`, { pathologyId: pathologies.data[0]!.id });
  // A second run on the same gateway finds it there.
  if (added.status !== 201 && added.body.code !== 'condition_already_present') throw new Error(`condition: ${added.status} ${JSON.stringify(added.body)}`);
  const conditions = await prescriber.get<{ data: { id: string }[] }>(`/patient_files/${file.id}/conditions`);
  const alerts = await superadmin.get<{ data: { batchId: string }[] }>(`/establishments/${azur}/alerts`);
  const otherAlerts = await tilleulsOperator.get<{ data: { batchId: string }[] }>(`/establishments/${tilleuls}/alerts`);
  const protocols = await superadmin.get<{ data: { id: string }[] }>(`/establishments/${azur}/protocols`);
  const document = await prescriber.post<{ id: string }>(`/patient_files/${file.id}/documents`, {
    title: 'Vidéo : bien se peser', type: 'THERAPEUTIC_DOCUMENT', externalUrl: 'https://example.org/peser', visibleToPatient: true, visibleToCaregivers: true,
  });
  if (document.status !== 201) throw new Error(`document: ${document.status} ${JSON.stringify(document.body)}`);
  const content = await patient.get<{ documents: { id: string; kind: string }[] }>(`/patient_files/${file.id}/content`);
  const education = content.documents.find((d) => d.kind === 'image');
  if (!education) throw new Error(`therapeutic content: no image in ${JSON.stringify(content)}`);
  return {
    documentId: document.body.id,
    educationId: education.id,
    patientFileId: file.id, personId: file.patient.id, formResponseId: response.body.id, freeFormId: phq9,
    alertBatchId: alerts.data[0]!.batchId, protocolId: protocols.data[0]!.id, conditionId: conditions.data[0]!.id,
    otherPersonId: closed.patient.id, otherAlertBatchId: otherAlerts.data[0]!.batchId,
  };
}
