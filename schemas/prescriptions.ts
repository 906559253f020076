/**
 * Prescriptions (spec 000 §2 `prescriptions`, spec 001 §3 "Prescription status: waiting, ongoing,
 * expired, awaiting renewal"): a prescription is a document of one of the three prescription
 * types with a validity period (its start and end dates). Its status is not stored: it follows
 * the calendar of the establishment's time zone, so it is computed from the dates and today there
 * (prescriptionStatus, and the same rule in SQL for the list's filter).
 * - WAITING (à venir): it starts after today;
 * - EXPIRED: it ended before today;
 * - AWAITING_RENEWAL: in force, ending within RENEWAL_NOTICE_DAYS, and not renewed yet;
 * - ONGOING: in force otherwise (a prescription without an end never awaits renewal).
 * Renewing creates the next prescription, linked to the one it renews (one live renewal each).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import { documentBodySchema, DOCUMENT_TYPES, nullableDay } from './documents.ts';
import { addDays, daysBetween } from './patient-form/dates.ts';

export const PRESCRIPTION_TYPES = ['TELEMONITORING_PRESCRIPTION', 'PRESCRIPTION', 'MEDICATION_PRESCRIPTION'] as const satisfies readonly (typeof DOCUMENT_TYPES)[number][];
export type PrescriptionType = (typeof PRESCRIPTION_TYPES)[number];
export const isPrescriptionType = (type: string): type is PrescriptionType => (PRESCRIPTION_TYPES as readonly string[]).includes(type);

export const PRESCRIPTION_STATUSES = ['WAITING', 'ONGOING', 'AWAITING_RENEWAL', 'EXPIRED'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/** How many days before its end a prescription not yet renewed awaits renewal. */
export const RENEWAL_NOTICE_DAYS = 30;

/** The status of a prescription on `today` (YYYY-MM-DD in the establishment's zone). */
export function prescriptionStatus(p: { startDate: string | null; endDate: string | null; renewed: boolean }, today: string): PrescriptionStatus {
  if (p.startDate && p.startDate > today) return 'WAITING';
  if (p.endDate && p.endDate < today) return 'EXPIRED';
  if (p.endDate && !p.renewed && p.endDate <= addDays(today, RENEWAL_NOTICE_DAYS)) return 'AWAITING_RENEWAL';
  return 'ONGOING';
}

/**
 * Days from `today` to the end date, on the same calendar as prescriptionStatus: 0 the last day,
 * negative once expired, null without an end. The server sends it so that the client does not
 * need the establishment's today.
 */
export function prescriptionDaysLeft(endDate: string | null, today: string): number | null {
  return endDate ? daysBetween(today, endDate) : null;
}

export const PRESCRIPTION_SORT_FIELDS = ['endDate', 'startDate', 'createdAt', 'patient'] as const;

export const prescriptionListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: PRESCRIPTION_SORT_FIELDS, defaultSort: 'endDate' }),
    status: { type: 'string', enum: PRESCRIPTION_STATUSES, description: 'Only prescriptions in this status today (the establishment\'s calendar)' },
    type: { type: 'string', enum: PRESCRIPTION_TYPES, description: 'Only prescriptions of this type' },
  },
} as const;
export type PrescriptionListQuery = FromSchema<typeof prescriptionListQuerySchema>;

/** The next prescription: a document body without its type (the renewed one's), its period required. */
const { type: _type, ...renewalProperties } = documentBodySchema.properties;
export const renewalBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'startDate', 'endDate'],
  properties: renewalProperties,
} as const;
export type RenewalBody = FromSchema<typeof renewalBodySchema>;

const nullableId = { anyOf: [uuidSchema, { type: 'null' }] } as const;

export const prescriptionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'patientFileId', 'patient', 'service', 'type', 'title', 'startDate', 'endDate', 'status', 'daysLeft', 'renews', 'renewedBy', 'hasFile', 'createdAt'],
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    patient: {
      type: 'object', additionalProperties: false, required: ['firstName', 'lastName'],
      properties: { firstName: { type: 'string' }, lastName: { type: 'string' } },
    },
    service: { type: 'string', description: "The file's service" },
    type: { type: 'string', enum: PRESCRIPTION_TYPES },
    title: { type: 'string' },
    startDate: nullableDay,
    endDate: nullableDay,
    status: { type: 'string', enum: PRESCRIPTION_STATUSES },
    daysLeft: {
      type: ['integer', 'null'], minimum: -4_000_000, maximum: 4_000_000,
      description: "Days from today to the end date in the establishment's calendar (0: ends today, negative: expired); null without an end",
    },
    renews: { ...nullableId, description: 'The prescription this one renews' },
    renewedBy: { ...nullableId, description: 'The prescription that renews this one' },
    hasFile: { type: 'boolean', description: 'A file to view (otherwise a link)' },
    createdAt: dateTimeSchema,
  },
} as const;
export type Prescription = FromSchema<typeof prescriptionSchema>;

export const prescriptionPageSchema = pageOf(prescriptionSchema);
