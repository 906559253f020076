/** Props of the generic blocks that let integrators compose screens with JSON alone. */
import { localizedTextSchema } from '../localized-text.ts';

const title = { ...localizedTextSchema, title: 'Title' } as const;

export const markdownProps = {
  type: 'object',
  required: ['content'],
  additionalProperties: false,
  properties: { title, content: { ...localizedTextSchema, title: 'Markdown content' } },
} as const;

export const linkListProps = {
  type: 'object',
  required: ['links'],
  additionalProperties: false,
  properties: {
    title,
    links: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['label', 'href'],
        additionalProperties: false,
        properties: {
          label: localizedTextSchema,
          // A path of this site, a path relative to the current area (e.g. `my-tasks`), or an https address.
          href: { type: 'string', pattern: '^(/(?!/)|https://|[a-z0-9-]+(/|$))', maxLength: 2000 },
        },
      },
    },
  },
} as const;

export const indicatorChartProps = {
  type: 'object',
  required: ['indicator'],
  additionalProperties: false,
  properties: {
    title,
    indicator: { type: 'string', minLength: 1, maxLength: 100, title: 'Indicator reference' },
    chartType: { type: 'string', enum: ['line', 'bar'], default: 'line' },
    periodDays: { type: 'integer', minimum: 1, maximum: 365, default: 30 },
  },
} as const;

export const dataTableProps = {
  type: 'object',
  required: ['endpoint', 'columns'],
  additionalProperties: false,
  properties: {
    title,
    /** A list endpoint of the care API answering `{ data: [...] }`. */
    endpoint: { type: 'string', pattern: '^/api/[A-Za-z0-9_/{}.-]*$', maxLength: 300 },
    columns: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      items: {
        type: 'object',
        required: ['field', 'label'],
        additionalProperties: false,
        properties: { field: { type: 'string', pattern: '^[A-Za-z0-9_.]+$' }, label: localizedTextSchema },
      },
    },
    pageSize: { type: 'integer', enum: [3, 5, 7, 10, 15, 20, 25, 50], default: 10 },
  },
} as const;

export const questionnaireLauncherProps = {
  type: 'object',
  required: ['formReference'],
  additionalProperties: false,
  properties: {
    title,
    formReference: { type: 'string', minLength: 1, maxLength: 100 },
    description: localizedTextSchema,
  },
} as const;
