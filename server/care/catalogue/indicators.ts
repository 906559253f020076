/**
 * Indicators (issue 11 §1): a reference (slug, unique), a name (unique), a type and a unit of the
 * establishment, the global reference value (an integer), decimals, a molecular weight for
 * mol ↔ mass conversions, whether patients see it, and its default alert thresholds — the
 * boundaries owned by no protocol and no file, replaced as a whole by PUT. An indicator with
 * measures keeps its unit and cannot be deleted (409 indicator_has_measures).
 */
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FromSchema } from 'json-schema-to-ts';
import {
  INDICATOR_DECIMALS, INDICATOR_REFERENCE_PATTERN, type CatalogueName, type Indicator, type IndicatorBody, type indicatorListQuerySchema,
} from '../../../schemas/catalogue.ts';
import { INT32_MAX, type Page } from '../../../schemas/common.ts';
import type { Db } from '../../db/client.ts';
import { establishments, indicatorBoundaries, indicators, indicatorTypes, interventionLevels, units } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { pageOfRows } from '../../lists/page.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import type { CareContext } from '../context.ts';
import { restricted, unique } from '../../db/errors.ts';
import { nameOf, openEstablishment, openRecord } from './scope.ts';
import { requirePlausible } from '../measures/plausible.ts';

type ListQuery = FromSchema<typeof indicatorListQuerySchema>;

const UNIQUE = { indicators_reference_idx: 'body.reference', indicators_name_idx: 'body.name' };
const SORTS = defineSorts({ name: [sql`lower(${indicators.name} ->> 'fr')`], reference: [indicators.reference] }, indicators.id);
const REFERENCE = new RegExp(INDICATOR_REFERENCE_PATTERN);

// Qualified by hand: a single-table select renders its own columns unqualified, which the subquery would read as its own.
const hasMeasures = sql<boolean>`exists (select 1 from measures m where m.indicator_id = "indicators"."id")`.mapWith(Boolean);
const columns = {
  id: indicators.id, establishmentId: indicators.establishmentId, reference: indicators.reference, name: indicators.name,
  typeId: indicators.typeId, unitId: indicators.unitId, referenceValue: indicators.referenceValue, decimals: indicators.decimals,
  molecularWeight: indicators.molecularWeight, visibleToPatients: indicators.visibleToPatients,
  plausibleMin: indicators.plausibleMin, plausibleMax: indicators.plausibleMax, hasMeasures,
};
/** The default thresholds: owned by no protocol and no file. */
const isDefault = and(isNull(indicatorBoundaries.protocolId), isNull(indicatorBoundaries.patientFileId), isNull(indicatorBoundaries.patientFileProtocolId));

/** The row's values, checked one field at a time (400 on the field, 404 on an id of another establishment); nothing rounded. */
async function valuesOf(db: Db, establishmentId: string, body: IndicatorBody, current?: { plausibleMin: number; plausibleMax: number }) {
  const reference = body.reference.trim();
  if (!REFERENCE.test(reference)) throw badRequest('value_invalid', {}, 'body.reference');
  const name = nameOf(body.name);
  const { referenceValue = null, molecularWeight = null, decimals } = body;
  if (referenceValue !== null && (!Number.isInteger(referenceValue) || Math.abs(referenceValue) > INT32_MAX)) {
    throw badRequest('integer_required', {}, 'body.referenceValue');
  }
  if (!Number.isInteger(decimals)) throw badRequest('integer_required', {}, 'body.decimals');
  if (decimals < INDICATOR_DECIMALS.min || decimals > INDICATOR_DECIMALS.max) throw badRequest('value_out_of_range', INDICATOR_DECIMALS, 'body.decimals');
  if (molecularWeight !== null && !(molecularWeight > 0)) throw badRequest('value_invalid', {}, 'body.molecularWeight');
  const { plausibleMin, plausibleMax } = body;
  if ((plausibleMin === undefined) !== (plausibleMax === undefined)) throw badRequest('field_required', {}, plausibleMin === undefined ? 'body.plausibleMin' : 'body.plausibleMax');
  // The range holds every value that can be true: an empty one would refuse everything.
  if (plausibleMin !== undefined && plausibleMax !== undefined && !(plausibleMin < plausibleMax)) throw badRequest('value_invalid', {}, 'body.plausibleMax');
  const plausible = plausibleMin !== undefined && plausibleMax !== undefined ? { plausibleMin, plausibleMax } : {};
  const [type] = await db.select({ id: indicatorTypes.id }).from(indicatorTypes).where(and(eq(indicatorTypes.id, body.typeId), eq(indicatorTypes.establishmentId, establishmentId)));
  if (!type) throw new AppError(404, 'not_found', {}, 'body.typeId');
  const [unit] = await db.select({ id: units.id, symbol: units.symbol }).from(units).where(and(eq(units.id, body.unitId), eq(units.establishmentId, establishmentId)));
  if (!unit) throw new AppError(404, 'not_found', {}, 'body.unitId');
  // The global reference value is a reference value like a file's (issue 18): within what can be
  // true, in the range sent, else the one kept on update; a create without one has the wide default.
  const range = plausibleMin !== undefined && plausibleMax !== undefined ? { min: plausibleMin, max: plausibleMax }
    : current ? { min: current.plausibleMin, max: current.plausibleMax } : undefined;
  if (referenceValue !== null && range) requirePlausible(referenceValue, range, unit.symbol, 'body.referenceValue');
  const levelIds = [...new Set(body.boundaries.map((b) => b.levelId))];
  const levels = levelIds.length === 0 ? [] : await db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(and(inArray(interventionLevels.id, levelIds), eq(interventionLevels.establishmentId, establishmentId)));
  const known = new Set(levels.map((l) => l.id));
  const unknown = body.boundaries.findIndex((b) => !known.has(b.levelId));
  if (unknown >= 0) throw new AppError(404, 'not_found', {}, `body.boundaries.${unknown}.levelId`);
  return {
    row: { reference, name, typeId: body.typeId, unitId: body.unitId, referenceValue, decimals, molecularWeight, visibleToPatients: body.visibleToPatients, ...plausible },
    boundaries: body.boundaries,
  };
}

export function indicatorsOf(care: CareContext) {
  const db = care.db;

  /** Rows with their default thresholds (one query for the boundaries of every row). */
  async function withBoundaries(rows: Omit<Indicator, 'boundaries'>[]): Promise<Indicator[]> {
    const ids = rows.map((r) => r.id);
    const boundaries = ids.length === 0 ? [] : await db.select({
      id: indicatorBoundaries.id, indicatorId: indicatorBoundaries.indicatorId, levelId: indicatorBoundaries.levelId,
      operator: indicatorBoundaries.operator, mode: indicatorBoundaries.mode, value: indicatorBoundaries.value,
    }).from(indicatorBoundaries).innerJoin(interventionLevels, eq(interventionLevels.id, indicatorBoundaries.levelId))
      .where(and(inArray(indicatorBoundaries.indicatorId, ids), isDefault, eq(indicatorBoundaries.active, true)))
      .orderBy(asc(interventionLevels.rank), asc(indicatorBoundaries.createdAt), asc(indicatorBoundaries.id));
    return rows.map((row) => ({
      ...row, name: row.name as CatalogueName,
      boundaries: boundaries.filter((b) => b.indicatorId === row.id).map(({ indicatorId: _, ...b }) => b),
    }));
  }

  async function one(indicatorId: string): Promise<Indicator> {
    const rows = await db.select(columns).from(indicators).where(eq(indicators.id, indicatorId));
    if (!rows[0]) throw notFound();
    return (await withBoundaries(rows as Omit<Indicator, 'boundaries'>[]))[0]!;
  }

  async function replaceBoundaries(tx: Db, indicatorId: string, boundaries: IndicatorBody['boundaries']) {
    await tx.delete(indicatorBoundaries).where(and(eq(indicatorBoundaries.indicatorId, indicatorId), isDefault));
    if (boundaries.length === 0) return;
    const at = care.now();
    await tx.insert(indicatorBoundaries).values(boundaries.map((b) => ({
      indicatorId, levelId: b.levelId, operator: b.operator, mode: b.mode, value: b.value, createdBy: care.userId, createdAt: at,
    })));
  }

  return {
    async list(establishmentId: string, query: ListQuery): Promise<Page<Indicator>> {
      await openEstablishment(care, establishmentId, 'read');
      const { page = 1, pageSize = 15, sort = 'name', search } = query;
      const term = search?.trim();
      const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where: SQL | undefined = and(eq(indicators.establishmentId, establishmentId), pattern ? or(
        ilike(indicators.reference, pattern), ilike(sql`${indicators.name} ->> 'fr'`, pattern),
        ilike(sql`${indicators.name} ->> 'en'`, pattern), ilike(sql`${indicators.name} ->> 'ar'`, pattern),
      ) : undefined);
      return pageOfRows({ page, pageSize }, {
        rows: async (limit, offset) => withBoundaries(await db.select(columns).from(indicators).where(where)
          .orderBy(...orderOf(SORTS, sort)).limit(limit).offset(offset) as Omit<Indicator, 'boundaries'>[]),
        count: async () => (await db.select({ n: count() }).from(indicators).where(where))[0]?.n ?? 0,
      });
    },

    async get(indicatorId: string): Promise<Indicator> {
      await openRecord(care, indicators, indicatorId, 'read');
      return one(indicatorId);
    },

    async create(establishmentId: string, body: IndicatorBody): Promise<Indicator> {
      await openEstablishment(care, establishmentId, 'write');
      const values = await valuesOf(db, establishmentId, body);
      const id = await unique(UNIQUE, () => db.transaction(async (tx) => {
        const [row] = await tx.insert(indicators).values({ ...values.row, establishmentId, createdAt: care.now() }).returning({ id: indicators.id });
        await replaceBoundaries(tx, row!.id, values.boundaries);
        return row!.id;
      }));
      return one(id);
    },

    async update(indicatorId: string, body: IndicatorBody): Promise<Indicator> {
      const establishmentId = await openRecord(care, indicators, indicatorId, 'write');
      const current = await one(indicatorId);
      const values = await valuesOf(db, establishmentId, body, current);
      // Its measures are stored in its unit: another unit would change what they mean.
      if (current.hasMeasures && current.unitId !== values.row.unitId) throw new AppError(409, 'indicator_has_measures', {}, 'body.unitId');
      await unique(UNIQUE, () => db.transaction(async (tx) => {
        await tx.update(indicators).set(values.row).where(eq(indicators.id, indicatorId));
        await replaceBoundaries(tx, indicatorId, values.boundaries);
      }));
      return one(indicatorId);
    },

    async delete(indicatorId: string): Promise<void> {
      await openRecord(care, indicators, indicatorId, 'write');
      const inUse = () => new AppError(409, 'indicator_has_measures', {}, 'params.indicatorId');
      if ((await one(indicatorId)).hasMeasures) throw inUse();
      await restricted(inUse, () => db.delete(indicators).where(eq(indicators.id, indicatorId)));
    },

    /** Every indicator and whether patients see it, by French name: the visibility checklist (a catalogue holds tens). */
    async visibility(establishmentId: string) {
      await openEstablishment(care, establishmentId, 'read');
      const rows = await db.select({ id: indicators.id, reference: indicators.reference, name: indicators.name, visibleToPatients: indicators.visibleToPatients })
        .from(indicators).where(eq(indicators.establishmentId, establishmentId)).orderBy(...orderOf(SORTS, 'name'));
      return rows.map((r) => ({ ...r, name: r.name as CatalogueName }));
    },

    /** Patients see exactly the listed indicators; an id of another establishment is 404 on the field. */
    async setVisibility(establishmentId: string, visibleIds: string[]) {
      await openEstablishment(care, establishmentId, 'write');
      const own = visibleIds.length === 0 ? [] : await db.select({ id: indicators.id }).from(indicators)
        .where(and(eq(indicators.establishmentId, establishmentId), inArray(indicators.id, visibleIds)));
      const known = new Set(own.map((r) => r.id));
      const unknown = visibleIds.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw new AppError(404, 'not_found', {}, `body.visibleIndicatorIds.${unknown}`);
      await db.transaction(async (tx) => {
        // One update of every indicator of the establishment: two at once could lock their rows in
        // different orders and deadlock (a 500, issue 19). They take turns on the establishment's row.
        await tx.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, establishmentId)).for('no key update');
        await tx.update(indicators)
          .set({ visibleToPatients: visibleIds.length === 0 ? false : sql`${inArray(indicators.id, visibleIds)}` })
          .where(eq(indicators.establishmentId, establishmentId));
      });
      return this.visibility(establishmentId);
    },
  };
}
