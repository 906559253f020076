/** Indicator types (vital signs, biology…): a name unique in the establishment; a type indicators have stays. */
import { sql } from 'drizzle-orm';
import type { FromSchema } from 'json-schema-to-ts';
import type { IndicatorType, indicatorTypeBodySchema } from '../../../schemas/catalogue.ts';
import { indicatorTypes } from '../../db/schema.ts';
import type { CareContext } from '../context.ts';
import { catalogueRecords } from './records.ts';
import { byFrenchName, nameOf } from './scope.ts';

export const indicatorTypesOf = (care: CareContext) => catalogueRecords<IndicatorType, FromSchema<typeof indicatorTypeBodySchema>>(care, {
  table: indicatorTypes,
  columns: {
    id: indicatorTypes.id, establishmentId: indicatorTypes.establishmentId, name: indicatorTypes.name,
    // Qualified by hand: a single-table select renders its own columns unqualified, which the subquery would read as its own.
    inUse: sql<boolean>`exists (select 1 from indicators i where i.type_id = "indicator_types"."id")`.mapWith(Boolean),
  },
  order: byFrenchName(indicatorTypes.name),
  uniqueIndexes: { indicator_types_name_idx: 'body.name' },
  values: (body) => ({ name: nameOf(body.name) }),
  inUseCode: 'indicator_type_in_use',
  param: 'params.typeId',
});
