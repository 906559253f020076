/**
 * The query keys of every resource, one factory each: `x.all` is the prefix that invalidates
 * everything of the resource, the others its lists and records. Every useQuery and every
 * invalidation takes its key from here (tests/unit/client/query-owners.test.ts), so a screen that
 * changes a record can make exactly the right things stale.
 */
import type { LAYOUT_SCOPES } from '../../../schemas/layout-api.ts';

type LayoutScope = (typeof LAYOUT_SCOPES)[number];
type Id = string | undefined;

export const meKeys = {
  all: ['me'] as const,
  me: () => ['me'] as const,
  privileges: () => ['me', 'privileges'] as const,
  patientFiles: () => ['me', 'patient-files'] as const,
};

export const establishmentKeys = {
  all: ['establishments'] as const,
  mine: () => ['establishments', 'mine'] as const,
  theme: (id: Id) => ['establishments', id, 'theme'] as const,
  forms: (id: Id) => ['establishments', id, 'forms'] as const,
  /** The establishment's pathologies, from which a file's conditions are chosen. */
  pathologies: (id: Id) => ['establishments', id, 'pathologies'] as const,
  /** How the establishment takes in measures (the bound on late values). */
  measureSettings: (id: Id) => ['establishments', id, 'measure_settings'] as const,
};

export const patientFileKeys = {
  all: ['patient_files'] as const,
  list: (establishmentId: Id, filters: object) => ['patient_files', 'list', establishmentId, filters] as const,
  detail: (id: Id) => ['patient_files', id] as const,
  tasks: (id: Id) => ['patient_files', id, 'tasks'] as const,
  /** The file's questionnaires (Questionnaires tab); a prefix of `form`, which a change also makes stale. */
  forms: (id: Id) => ['patient_files', id, 'forms'] as const,
  form: (id: Id, formId: Id) => ['patient_files', id, 'forms', formId] as const,
  responses: (id: Id) => ['patient_files', id, 'form_responses'] as const,
  /** Notes of the file: `notes(id)` is the prefix of every page and filter of them (Notes tab). */
  notes: (id: Id, query?: object) => (query ? ['patient_files', id, 'notes', query] as const : ['patient_files', id, 'notes'] as const),
  caregivers: (id: Id) => ['patient_files', id, 'caregivers'] as const,
  /** The Follow-up tab: status, dates, closing, patient data. */
  status: (id: Id) => ['patient_files', id, 'status'] as const,
  /** A page of the file's history; every change to the file makes `detail(id)`, its prefix, stale. */
  history: (id: Id, query: object) => ['patient_files', id, 'history', query] as const,
  /** The Conditions tab. */
  conditions: (id: Id) => ['patient_files', id, 'conditions'] as const,
  /** The file's documents: `documents(id)` is the prefix of every page of them and of each one (`document`). */
  documents: (id: Id, query?: object) => (query ? ['patient_files', id, 'documents', query] as const : ['patient_files', id, 'documents'] as const),
  document: (id: Id, documentId: Id) => ['patient_files', id, 'documents', 'one', documentId] as const,
};

/** An establishment's prescriptions (`prescriptions` screen): `all` makes every page of them stale, as a renewal does. */
export const prescriptionKeys = {
  all: ['prescriptions'] as const,
  list: (establishmentId: Id, query: object) => ['prescriptions', establishmentId, query] as const,
};

/** An establishment's documents waiting for acknowledgement (the dashboard's documents-and-messaging block): any document change makes `all` stale. */
export const waitingDocumentKeys = {
  all: ['waiting-documents'] as const,
  list: (establishmentId: Id, query: object) => ['waiting-documents', establishmentId, query] as const,
};

/** A person's identity, through a file or by id, and their identity documents (client/features/identity). */
export const personKeys = {
  all: ['persons'] as const,
  /** A person's profile (the patient form), GET /persons/{id}. */
  profile: (personId: Id) => ['persons', personId, 'profile'] as const,
  ofPatientFile: (patientFileId: Id) => ['persons', 'of-patient-file', patientFileId] as const,
  documents: (personId: Id) => ['persons', personId, 'identity_documents'] as const,
  document: (personId: Id, documentId: Id) => ['persons', personId, 'identity_documents', documentId] as const,
};

/**
 * The reference catalogues of an establishment (lib/api/records.ts: one per record collection,
 * named like the collection in its route) and the other lists of its telemonitoring catalogue.
 */
export type CataloguePart = 'indicator_types' | 'units' | 'alert_statuses' | 'intervention_levels' | 'identity_document_types' | 'form_types'
  | 'assignments' | 'professionals' | 'visibility';

/** An establishment's catalogues (issue 11 §1, identity-document types): `of` makes every part of them stale. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  of: (establishmentId: Id) => ['catalogue', establishmentId] as const,
  list: (establishmentId: Id, part: CataloguePart) => ['catalogue', establishmentId, part] as const,
  indicators: (establishmentId: Id, query?: object) => ['catalogue', establishmentId, 'indicators', ...(query ? [query] : [])] as const,
};

/** A condition's screen (`condition/:id`). */
export const conditionKeys = {
  all: ['conditions'] as const,
  detail: (id: Id) => ['conditions', id] as const,
};

export const formKeys = {
  all: ['forms'] as const,
  versions: (formId: Id) => ['forms', formId, 'versions'] as const,
  response: (responseId: Id) => ['form_responses', responseId] as const,
};

export const layoutKeys = {
  all: ['ui', 'layouts'] as const,
  /** Every layout of a page in a structure: what the editor's changes make stale. */
  page: (page: string, structureId: string) => ['ui', 'layouts', page, structureId] as const,
  layout: (page: string, structureId: string, source: 'effective' | 'establishment') => ['ui', 'layouts', page, structureId, source] as const,
  versions: (page: string, structureId: string, scope: LayoutScope) => ['ui', 'layout-versions', page, structureId, scope] as const,
};

/** A data-table block's endpoint, written in a layout: known only at run time. */
export const blockListKeys = {
  all: ['block-list'] as const,
  list: (path: Id) => ['block-list', path] as const,
};

/**
 * Alerts (issue 11 §4): the establishment's list (the alerts screen and the dashboard's alert
 * blocks) and a batch's context. A live `alert.raised` (client/lib/live) makes `all` stale.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (establishmentId: Id, query: object) => ['alerts', 'list', establishmentId, query] as const,
  batch: (id: Id) => ['alerts', 'batch', id] as const,
};

/** Patients' last connections, answers and measures (the dashboard's connections-and-activities block); stale on a live alert too. */
export const activityKeys = {
  all: ['activities'] as const,
  list: (establishmentId: Id, query: object) => ['activities', establishmentId, query] as const,
};

/**
 * Open files whose thresholds raise nothing (issue 18, the dashboard's inactive-thresholds block):
 * stale when a file's reference values or thresholds change (the indicators tab) or a patient is created.
 */
export const inactiveThresholdKeys = {
  all: ['inactive-thresholds'] as const,
  list: (establishmentId: Id, query: object) => ['inactive-thresholds', establishmentId, query] as const,
};

/**
 * Medical protocols (issue 11 §8): an establishment's list and a protocol; a patient file's
 * protocols (under the file's key, so a change there also makes its history and questionnaires stale).
 */
export const protocolKeys = {
  all: ['protocols'] as const,
  list: (establishmentId: Id, query: object) => ['protocols', 'list', establishmentId, query] as const,
  detail: (id: Id) => ['protocols', id] as const,
  ofFile: (patientFileId: Id) => ['patient_files', patientFileId, 'protocols'] as const,
};

/**
 * Therapeutic content (issue 20 §2): a file's view of its service library (under the file's key),
 * and a service's library for its managers.
 */
export const educationKeys = {
  ofFile: (patientFileId: Id) => ['patient_files', patientFileId, 'content'] as const,
  item: (patientFileId: Id, contentId: Id) => ['patient_files', patientFileId, 'content', contentId] as const,
  library: (serviceId: Id, archived: string) => ['services', serviceId, 'education', archived] as const,
  libraries: (serviceId: Id) => ['services', serviceId, 'education'] as const,
};

/**
 * Monitoring of a patient file (issue 11 §6): its indicators with their last value, an
 * indicator's series, its values list. Under the file's key; a new measure makes `ofFile` stale.
 */
export const monitoringKeys = {
  ofFile: (patientFileId: Id) => ['patient_files', patientFileId, 'monitoring'] as const,
  indicators: (patientFileId: Id) => ['patient_files', patientFileId, 'monitoring', 'indicators'] as const,
  series: (patientFileId: Id, indicatorId: Id, query: object) => ['patient_files', patientFileId, 'monitoring', 'series', indicatorId, query] as const,
  measures: (patientFileId: Id, query: object) => ['patient_files', patientFileId, 'monitoring', 'measures', query] as const,
};

/**
 * The professional's indicators tab of a file (issue 11 §6): chart displays, customizable
 * indicators, value table and settings, non-compliance rules. Under the file's key; a change makes
 * `ofFile` stale.
 */
export const indicatorsTabKeys = {
  ofFile: (patientFileId: Id) => ['patient_files', patientFileId, 'indicators-tab'] as const,
  chartDisplays: (patientFileId: Id) => ['patient_files', patientFileId, 'indicators-tab', 'chart_displays'] as const,
  indicators: (patientFileId: Id) => ['patient_files', patientFileId, 'indicators-tab', 'customizable_indicators'] as const,
  valueTableSettings: (patientFileId: Id) => ['patient_files', patientFileId, 'indicators-tab', 'value_table_settings'] as const,
  valueTable: (patientFileId: Id, query: object) => ['patient_files', patientFileId, 'indicators-tab', 'value_table', query] as const,
  rules: (patientFileId: Id) => ['patient_files', patientFileId, 'indicators-tab', 'rules'] as const,
};

/**
 * Secure messaging (issue 20 §4): a file's conversation (every page of it), the professional's
 * conversations in an establishment (the dashboard block) and the caller's unread counts (the
 * navigation, the patient home). A live `message.created` (client/lib/live) makes `all` stale.
 */
export const messageKeys = {
  all: ['messages'] as const,
  conversation: (patientFileId: Id) => ['messages', 'conversation', patientFileId] as const,
  /** Every page of the professional's conversations, in any establishment: what reading a conversation makes stale. */
  allConversations: () => ['messages', 'conversations'] as const,
  conversations: (establishmentId: Id, query: object) => ['messages', 'conversations', establishmentId, query] as const,
  unread: () => ['messages', 'unread'] as const,
};

/**
 * The caller's notifications (issue 20 §5): the bell's unread count, the pages of the list, the
 * preferences of the notifications manager. A live alert and a read mark make `all` stale.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notification-preferences'] as const,
};
