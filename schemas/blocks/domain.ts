/** Props of the blocks of the spec's customizable pages (spec 000 §2, interface editor). */
import { localizedTextSchema } from '../localized-text.ts';

const listBlock = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: localizedTextSchema,
    pageSize: { type: 'integer', enum: [3, 5, 7, 10, 15, 20, 25, 50], default: 5 },
  },
} as const;

/** Professional dashboard. */
export const connectionsActivitiesProps = listBlock;
export const alertsProps = listBlock;
export const nonComplianceAlertsProps = listBlock;
/** Open files whose alert thresholds raise nothing for want of a reference value (issue 18). */
export const inactiveThresholdsProps = listBlock;
export const documentsMessagingProps = listBlock;

/** Patient-file summary. */
export const graphsProps = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: localizedTextSchema,
    periodDays: { type: 'integer', minimum: 1, maximum: 365, default: 30 },
  },
} as const;
export const schedulingContentProps = listBlock;
export const telemonitoringDataProps = listBlock;
export const valueTablesProps = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: localizedTextSchema,
    indicators: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 20 },
    startDate: { type: 'string', format: 'date' },
  },
} as const;
