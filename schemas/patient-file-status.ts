/**
 * Close and reopen a patient file, and switch its patient data on or off (spec 001 §3, §4, §7;
 * issue 10 §4 "Close and reopen"). The reason types are a fixed list, translated on the client
 * (client/features/patient-file-status/locales). They follow what ends a follow-up in the
 * discharge dispositions of HL7 FHIR (encounter-discharge-disposition: home, other-hcf, hosp,
 * exp, aadvice, oth), narrowed to a remote follow-up: the planned end (also the automatic close),
 * the patient's death, a transfer to another team or establishment, a hospitalization, the
 * patient's own request (withdrawn consent) and anything else, which must be said in the reason.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, PATIENT_FILE_STATUSES, uuidSchema } from './common.ts';

export const CLOSING_REASON_TYPES = ['END_OF_FOLLOW_UP', 'DECEASED', 'TRANSFERRED', 'HOSPITALIZATION', 'PATIENT_REQUEST', 'OTHER'] as const;
export type ClosingReasonType = (typeof CLOSING_REASON_TYPES)[number];
/** The reason type the scheduled job writes when a file's end date has passed (server/jobs/automatic-close.ts). */
export const AUTOMATIC_CLOSING_REASON_TYPE: ClosingReasonType = 'END_OF_FOLLOW_UP';
/** A reason text area (spec 001 §5: text area 2–500); required when the type is OTHER. */
export const CLOSING_REASON_MIN = 2;
export const CLOSING_REASON_MAX = 500;

export const closeBodySchema = {
  type: 'object',
  required: ['closingReasonType'],
  additionalProperties: false,
  properties: {
    closingReasonType: { type: 'string', enum: CLOSING_REASON_TYPES },
    closingReason: { type: 'string', minLength: CLOSING_REASON_MIN, maxLength: CLOSING_REASON_MAX, description: 'Required when closingReasonType is OTHER' },
  },
} as const;
export type CloseBody = FromSchema<typeof closeBodySchema>;

/** What the Follow-up tab shows of a file: its status, dates, how it was closed, and whether its patient data is on. */
export const patientFileStatusSchema = {
  type: 'object',
  required: ['id', 'status', 'startDate', 'endDate', 'closedAt', 'closedBy', 'closingReasonType', 'closingReason', 'patientDataActive'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    status: { type: 'string', enum: PATIENT_FILE_STATUSES },
    startDate: { type: ['string', 'null'], format: 'date' },
    endDate: { type: ['string', 'null'], format: 'date' },
    closedAt: { ...dateTimeSchema, type: ['string', 'null'] },
    closedBy: {
      description: 'Who closed it; null when the scheduled job closed it (end date passed) or it is open',
      oneOf: [
        { type: 'null' },
        { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: uuidSchema, name: { type: 'string' } } },
      ],
    },
    closingReasonType: { oneOf: [{ type: 'null' }, { type: 'string', enum: CLOSING_REASON_TYPES }] },
    closingReason: { type: ['string', 'null'] },
    patientDataActive: { type: 'boolean' },
  },
} as const;
export type PatientFileStatus = FromSchema<typeof patientFileStatusSchema>;
