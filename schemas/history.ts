/**
 * The kinds of patient-file history entries (spec 001 §3 "Patient-file history entries"), as
 * stored in patient_file_history.type. A write to a patient file records one of these through
 * its handle (server/care/patient-file.ts `recordHistory`), never a free string. The names of
 * kinds already stored (FORM_ASSIGNED…) never change; new screens add theirs here.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const HISTORY_KINDS = [
  // Questionnaires (forms): assignment and its changes, responses, non-compliance.
  'FORM_ASSIGNED', 'FORM_ACTIVATED', 'FORM_DEACTIVATED', 'FORM_OVERLOADED', 'FORM_RESPONSE', 'FORM_NON_COMPLIANCE',
  // The file and the patient's profile.
  'PROFILE_UPDATED', 'IDENTITY_SEARCH', 'IDENTITY_VERIFIED', 'IDENTITY_VERIFICATION_FAILED',
  'FILE_CLOSED', 'FILE_CLOSED_AUTOMATICALLY', 'FILE_REOPENED', 'HOSPITALIZATION',
  // Indicators and devices.
  'INDICATOR_NON_COMPLIANCE', 'DEVICE_DATA', 'REFERENCE_VALUE_CREATED', 'REFERENCE_VALUE_DEACTIVATED',
  'ALERT_THRESHOLD_CREATED', 'ALERT_THRESHOLD_UPDATED', 'ALERT_THRESHOLD_DELETED', 'ALERT_THRESHOLD_DEACTIVATED',
  'EXTRA_PARAMETER_CREATED', 'EXTRA_PARAMETER_UPDATED', 'EXTRA_PARAMETER_DELETED',
  // Documents.
  'DOCUMENT_VIEWED', 'DOCUMENT_DOWNLOADED', 'DOCUMENT_ACKNOWLEDGED',
  'DOCUMENT_ADDED', 'DOCUMENT_EXCLUDED', 'DOCUMENT_RESTORED', 'DOCUMENT_ENTERED_IN_ERROR', 'DOCUMENT_UPDATED',
  // Therapeutic content (issue 20 §2): the patient or a caregiver opened an item of the service's library.
  'EDUCATION_VIEWED',
  // People around the file.
  'CAREGIVER_ADDED', 'CAREGIVER_REMOVED',
  // Agenda and notes.
  'APPOINTMENT_CREATED', 'APPOINTMENT_UPDATED', 'APPOINTMENT_DELETED',
  'REMINDER_CREATED', 'REMINDER_UPDATED', 'REMINDER_DELETED',
  'NOTE_ADDED', 'NOTE_EDITED', 'NOTE_ARCHIVED',
  // Protocols.
  'PROTOCOL_ACTIVATED', 'PROTOCOL_DEACTIVATED', 'PROTOCOL_RESTORED', 'PROTOCOL_ASSIGNED',
  // Questionnaires excluded from the file's plan and restored (spec 001 §4).
  'FORM_EXCLUDED', 'FORM_RESTORED',
  // Patient data of a file switched on or off (spec 001 §7).
  'PATIENT_DATA_ACTIVATED', 'PATIENT_DATA_DEACTIVATED',
  // Conditions.
  'CONDITION_ADDED', 'CONDITION_REMOVED',
  // Identity (issue 10 §2): a proof of identity uploaded.
  'IDENTITY_DOCUMENT_ADDED',
  // Telemonitoring (issue 11): alerts followed to their close, the file's non-compliance rules.
  'ALERT_STATUS_SET', 'ALERT_COMMENTED', 'ALERT_CLOSED', 'ALERT_CLOSED_AUTOMATICALLY',
  // A value marked entered in error by a professional, or corrected by the patient who typed it (issue 18).
  'MEASURE_ENTERED_IN_ERROR', 'MEASURE_CORRECTED',
  'NON_COMPLIANCE_RULE_CREATED', 'NON_COMPLIANCE_RULE_UPDATED', 'NON_COMPLIANCE_RULE_DEACTIVATED',
  'NON_COMPLIANCE_RULE_EXCLUDED', 'NON_COMPLIANCE_RULE_RESTORED', 'NON_COMPLIANCE_RULE_OVERRIDDEN',
  'OTHER',
] as const;

export const historyKindSchema = { type: 'string', enum: HISTORY_KINDS } as const;
export type HistoryKind = FromSchema<typeof historyKindSchema>;
