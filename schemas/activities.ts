/**
 * Patients' activity (issue 11 §7, the dashboard's "connections and activities" block): for each
 * open patient file the caller follows in an establishment, when the patient was last seen
 * signed in, their last questionnaire answer and their last measure, the most recent first.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';

/** lastActivityAt: the latest of the three; the others sort on their own date (never-seen last). */
export const ACTIVITY_SORT_FIELDS = ['lastActivityAt', 'lastConnectionAt', 'lastResponseAt', 'lastMeasureAt', 'patientName'] as const;

export const activityListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: ACTIVITY_SORT_FIELDS, defaultSort: '-lastActivityAt' }),
  },
} as const;
export type ActivityListQuery = FromSchema<typeof activityListQuerySchema>;

const nullableDateTime = { ...dateTimeSchema, type: ['string', 'null'] } as const;

export const activityRowSchema = {
  type: 'object',
  required: ['patientFileId', 'patient', 'service', 'lastConnectionAt', 'lastResponse', 'lastMeasureAt', 'lastActivityAt'],
  additionalProperties: false,
  properties: {
    patientFileId: uuidSchema,
    patient: {
      type: 'object', required: ['id', 'firstName', 'lastName'], additionalProperties: false,
      properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } },
    },
    service: { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: uuidSchema, name: { type: 'string' } } },
    lastConnectionAt: { ...nullableDateTime, description: "The patient's last activity in a session still kept (sessions are purged once expired)" },
    lastResponse: {
      type: ['object', 'null'], required: ['id', 'formName', 'answeredAt'], additionalProperties: false,
      properties: { id: uuidSchema, formName: { type: 'string' }, answeredAt: dateTimeSchema },
    },
    lastMeasureAt: nullableDateTime,
    lastActivityAt: nullableDateTime,
  },
} as const;
export type ActivityRow = FromSchema<typeof activityRowSchema>;

export const activityPageSchema = pageOf(activityRowSchema);
