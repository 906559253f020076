/**
 * Units: a UCUM code checked by the NLM's library (server/shared/ucum.ts; 400 invalid_ucum_code on
 * ucumCode), a name and a symbol each unique in the establishment. A unit indicators use stays,
 * and keeps its code: their measures are stored in it.
 */
import { sql } from 'drizzle-orm';
import type { FromSchema } from 'json-schema-to-ts';
import type { Unit, unitBodySchema } from '../../../schemas/catalogue.ts';
import { units } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { ucumUnit } from '../../shared/ucum.ts';
import type { CareContext } from '../context.ts';
import { catalogueRecords } from './records.ts';
import { byFrenchName, nameOf, openRecord } from './scope.ts';

type UnitBody = FromSchema<typeof unitBodySchema>;

function valuesOf(body: UnitBody) {
  const unit = ucumUnit(body.ucumCode);
  if (!unit) throw badRequest('invalid_ucum_code', { code: body.ucumCode }, 'body.ucumCode');
  const symbol = body.symbol.trim();
  if (!symbol) throw badRequest('field_required', {}, 'body.symbol');
  return { ucumCode: unit.code, name: nameOf(body.name), symbol };
}

export function unitsOf(care: CareContext) {
  const records = catalogueRecords<Unit, UnitBody>(care, {
    table: units,
    columns: {
      id: units.id, establishmentId: units.establishmentId, ucumCode: units.ucumCode, name: units.name, symbol: units.symbol,
      inUse: sql<boolean>`exists (select 1 from indicators i where i.unit_id = "units"."id")`.mapWith(Boolean),
    },
    order: byFrenchName(units.name),
    uniqueIndexes: { units_name_idx: 'body.name', units_symbol_idx: 'body.symbol' },
    values: valuesOf,
    inUseCode: 'unit_in_use',
    param: 'params.unitId',
  });
  return {
    ...records,
    async update(unitId: string, body: UnitBody, establishmentId?: string): Promise<Unit> {
      await openRecord(care, units, unitId, 'write');
      const current = await records.one(unitId);
      // The code of a unit in use is what its indicators' values mean: it is fixed (the name and symbol may change).
      if (current.inUse && current.ucumCode !== body.ucumCode) throw new AppError(409, 'unit_in_use', {}, 'body.ucumCode');
      return records.update(unitId, body, establishmentId);
    },
  };
}
