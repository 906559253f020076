/**
 * The telemonitoring vocabulary shared by the server, the client and the database (issue 11):
 * alert kinds and states, the alert colours of spec 000 §1, boundary operators and modes, where
 * a measure came from. The tables (server/db/schema.ts, 0010) take their enums from the same words.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Spec 000 §1: "Alert themes are blue, red, green and pink"; an intervention level has one. */
export const ALERT_COLOURS = ['blue', 'red', 'green', 'pink'] as const;
export const alertColourSchema = { type: 'string', enum: ALERT_COLOURS } as const;
export type AlertColour = FromSchema<typeof alertColourSchema>;

/** Spec 000 §4: an alert is pending or closed. */
export const ALERT_STATES = ['PENDING', 'CLOSED'] as const;
export const alertStateSchema = { type: 'string', enum: ALERT_STATES } as const;

/** A measure crossing a boundary; no value for a rule's period; a planned questionnaire unanswered past its limit date. */
export const ALERT_KINDS = ['THRESHOLD', 'NON_COMPLIANCE_INDICATOR', 'NON_COMPLIANCE_FORM'] as const;
export const alertKindSchema = { type: 'string', enum: ALERT_KINDS } as const;
export type AlertKind = FromSchema<typeof alertKindSchema>;

/**
 * Why the system, not a person, closed an alert: a value came again after a non-compliance alert
 * (of its indicator, or the late questionnaire answered); the measure that raised it was marked
 * entered in error. Shown in the interface's language beside the state, like a status a person sets.
 */
export const SYSTEM_ALERT_STATUSES = ['VALUES_RECEIVED', 'ENTERED_IN_ERROR'] as const;
export const systemAlertStatusSchema = { type: 'string', enum: SYSTEM_ALERT_STATUSES } as const;
export type SystemAlertStatus = FromSchema<typeof systemAlertStatusSchema>;

/** What raised a batch of alerts together. */
export const ALERT_BATCH_SOURCES = ['MEASURES', 'FORM_RESPONSE', 'NON_COMPLIANCE'] as const;

/** A boundary's comparison: the alert is raised when `measure <operator> threshold` holds. */
export const BOUNDARY_OPERATORS = ['<', '<=', '>', '>=', '=', '!='] as const;
export const boundaryOperatorSchema = { type: 'string', enum: BOUNDARY_OPERATORS } as const;
export type BoundaryOperator = FromSchema<typeof boundaryOperatorSchema>;

/** ABSOLUTE: the threshold is the boundary's value; RELATIVE: the reference value plus the boundary's value. */
export const BOUNDARY_MODES = ['ABSOLUTE', 'RELATIVE'] as const;
export const boundaryModeSchema = { type: 'string', enum: BOUNDARY_MODES } as const;
export type BoundaryMode = FromSchema<typeof boundaryModeSchema>;

/**
 * Whether a threshold in force can raise an alert (issue 18): a RELATIVE one without a reference
 * value in force has no threshold and raises nothing — it is `inactive`, for the reason said, and
 * every screen that lists thresholds says so instead of leaving it silent.
 */
export const BOUNDARY_STATES = ['active', 'inactive'] as const;
export const BOUNDARY_INACTIVE_REASONS = ['no_reference_value'] as const;
export type BoundaryInactiveReason = (typeof BOUNDARY_INACTIVE_REASONS)[number];
export const boundaryStateProperties = {
  state: { type: 'string', enum: BOUNDARY_STATES, description: '`inactive`: it cannot raise an alert now (see `inactiveReason`)' },
  inactiveReason: { type: 'string', enum: BOUNDARY_INACTIVE_REASONS, description: 'Why it is inactive; present only then. `no_reference_value`: relative, and the file has no reference value for the indicator' },
} as const;

/** Where a measure came from. */
export const MEASURE_SOURCES = ['MANUAL', 'FORM_RESPONSE', 'DEVICE', 'IMPORT'] as const;
export const measureSourceSchema = { type: 'string', enum: MEASURE_SOURCES } as const;
export type MeasureSource = FromSchema<typeof measureSourceSchema>;

/** Chart kinds of a chart display. */
export const CHART_TYPES = ['line', 'bar'] as const;

/** The live-event channel (PostgreSQL NOTIFY) and the event the browser receives for a new alert batch. */
export const ALERTS_CHANNEL = 'telesuivi_alerts';
export const alertRaisedEventSchema = {
  type: 'object',
  required: ['type', 'batchId', 'patientFileId', 'serviceId', 'alertIds', 'kinds'],
  additionalProperties: false,
  properties: {
    type: { const: 'alert.raised' },
    batchId: { type: 'string', format: 'uuid' },
    patientFileId: { type: 'string', format: 'uuid' },
    serviceId: { type: 'string', format: 'uuid' },
    alertIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
    kinds: { type: 'array', items: alertKindSchema },
  },
} as const;
export type AlertRaisedEvent = FromSchema<typeof alertRaisedEventSchema>;
