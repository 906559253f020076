/**
 * Monitoring reads of a patient file (issue 11 §6), through the file's handle (care.patientFile:
 * the caller reached the file through their scope). Patients and caregivers see only the
 * indicators visible to patients; any other answers 404, as if it did not exist. They see the
 * thresholds and reference value of their own chart (schemas/monitoring.ts says why).
 */
import { aliasedTable, and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { establishments, indicators, measures, units, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import { convertUnit } from '../../shared/ucum.ts';
import type { LocalizedText } from '../../../schemas/localized-text.ts';
import {
  SERIES_DEFAULT_DAYS, SERIES_POINTS, type IndicatorSeries, type MeasureListQuery, type MeasureRow, type MonitoredIndicator, type SeriesQuery,
} from '../../../schemas/monitoring.ts';
import type { AlertColour, MeasureSource } from '../../../schemas/telemonitoring.ts';
import type { CareContext } from '../context.ts';
import { effectiveBoundaries } from '../measures/boundaries.ts';
import { thresholdOf } from '../measures/evaluate.ts';
import { seriesPoints } from './series-points.ts';
import { counts } from '../measures/counts.ts';
import type { PatientFileHandle } from '../patient-file.ts';

const DAY_MS = 86_400_000;

/** The indicators this caller may see on this file: all for its professionals, the visible ones for the patient's side. */
function visibleIndicators(file: PatientFileHandle): SQL | undefined {
  const own = eq(indicators.establishmentId, file.establishmentId);
  return file.as === 'professional' ? own : and(own, eq(indicators.visibleToPatients, true));
}

/**
 * The file's indicators with their last value and the units a value may be typed in, in one
 * statement: the last value is two lookups of measures_file_indicator_idx per indicator, the
 * establishment's units one aggregate (a handful of rows), filtered here by what UCUM converts.
 */
export async function monitoredIndicators(care: CareContext, file: PatientFileHandle, indicatorId?: string): Promise<MonitoredIndicator[]> {
  const last = (column: SQL) => sql`(select ${column} from ${measures}
    where ${measures.patientFileId} = ${file.id} and ${measures.indicatorId} = ${indicators.id} and ${counts}
    order by ${measures.measuredAt} desc, ${measures.id} desc limit 1)`;
  const rows = await care.db.select({
    id: indicators.id,
    reference: indicators.reference,
    name: indicators.name,
    decimals: indicators.decimals,
    molecularWeight: indicators.molecularWeight,
    plausibleMin: indicators.plausibleMin,
    plausibleMax: indicators.plausibleMax,
    unitCode: units.ucumCode,
    unitSymbol: units.symbol,
    lastValue: last(sql`${measures.value}`).mapWith(Number),
    lastAt: last(sql`${measures.measuredAt}`).mapWith(measures.measuredAt),
    establishmentUnits: sql<{ code: string; symbol: string }[] | null>`(select json_agg(json_build_object('code', eu.ucum_code, 'symbol', eu.symbol) order by eu.symbol)
      from units eu where eu.establishment_id = ${indicators.establishmentId})`,
  }).from(indicators)
    .innerJoin(units, eq(units.id, indicators.unitId))
    .where(and(visibleIndicators(file), indicatorId ? eq(indicators.id, indicatorId) : undefined))
    .orderBy(sql`lower(${indicators.name} ->> ${care.language})`, indicators.reference);

  return rows.map((row) => {
    const own = { code: row.unitCode, symbol: row.unitSymbol };
    const others = (row.establishmentUnits ?? []).filter((u) => u.code !== own.code
      && convertUnit(1, u.code, own.code, { molecularWeight: row.molecularWeight }) !== undefined);
    return {
      id: row.id, reference: row.reference, name: row.name as LocalizedText, decimals: row.decimals,
      unit: own, units: [own, ...others], plausible: { min: row.plausibleMin, max: row.plausibleMax },
      lastValue: row.lastAt ? { value: row.lastValue, measuredAt: row.lastAt.toISOString() } : null,
    };
  });
}

/** The period asked, defaults filled in: `to` now, `from` 30 days before; `to` before `from` is refused on query.to. */
export function periodOf(now: Date, from?: string, to?: string): { from: Date; to: Date } {
  const end = to ? new Date(to) : now;
  const start = from ? new Date(from) : new Date(end.getTime() - SERIES_DEFAULT_DAYS * DAY_MS);
  if (end.getTime() < start.getTime()) throw badRequest('end_date_before_start', {}, 'query.to');
  return { from: start, to: end };
}

export async function indicatorSeries(care: CareContext, file: PatientFileHandle, indicatorId: string, query: SeriesQuery): Promise<IndicatorSeries> {
  const { from, to } = periodOf(care.now(), query.from, query.to);
  const maxPoints = query.maxPoints ?? SERIES_POINTS.default;
  // The three reads at once (a PostgreSQL pool runs them side by side); nothing is answered
  // before the indicator is known to be one the caller may see.
  const [[indicator], { points, total }, inForce] = await Promise.all([
    monitoredIndicators(care, file, indicatorId),
    seriesPoints(care.db,
      and(eq(measures.patientFileId, file.id), eq(measures.indicatorId, indicatorId), gte(measures.measuredAt, from), lte(measures.measuredAt, to), counts)!,
      maxPoints),
    effectiveBoundaries(care.db, file.id, [indicatorId]),
  ]);
  if (!indicator) throw notFound();
  const entry = inForce.get(indicatorId);
  const referenceValue = entry?.referenceValue ?? null;
  return {
    indicator, from: from.toISOString(), to: to.toISOString(),
    totalPoints: total, downsampled: points.length < total,
    points: points.map((p) => ({ at: p.at.toISOString(), value: p.value })),
    thresholds: (entry?.boundaries ?? []).map((b) => ({
      id: b.id, operator: b.operator, mode: b.mode, value: b.value, threshold: thresholdOf(b, referenceValue) ?? null,
      level: { name: b.level.name as LocalizedText, rank: b.level.rank, colour: b.level.colour as AlertColour },
    })),
    referenceValue,
  };
}

/** The establishment's correction delay, in minutes, for the patient's side (a professional marks values instead). */
async function correctionDelayOf(care: CareContext, file: PatientFileHandle): Promise<number> {
  if (file.as === 'professional') return 0;
  const [row] = await care.db.select({ minutes: establishments.measureCorrectionMinutes }).from(establishments).where(eq(establishments.id, file.establishmentId));
  return row?.minutes ?? 0;
}

/** Until when the caller may still correct this value (entered-in-error.ts correctMeasure says the same): a value she typed, that counts, within the delay. */
function correctableUntil(care: CareContext, file: PatientFileHandle, m: typeof measures.$inferSelect, minutes: number): string | null {
  if (file.as === 'professional' || m.source !== 'MANUAL' || m.recordedBy !== care.userId || m.enteredInErrorAt) return null;
  const until = m.recordedAt.getTime() + minutes * 60_000;
  return until >= care.now().getTime() ? new Date(until).toISOString() : null;
}

const SORTS = defineSorts({ measuredAt: [measures.measuredAt] }, measures.id);
const recorder = aliasedTable(users, 'recorder');
const onBehalf = aliasedTable(users, 'on_behalf');
const marker = aliasedTable(users, 'marker');
const person = (u: typeof recorder) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName });

export async function listMeasures(care: CareContext, file: PatientFileHandle, query: Required<Pick<MeasureListQuery, 'page' | 'pageSize' | 'sort'>> & MeasureListQuery): Promise<Page<MeasureRow>> {
  const where = and(
    eq(measures.patientFileId, file.id),
    visibleIndicators(file),
    query.indicatorId ? eq(measures.indicatorId, query.indicatorId) : undefined,
    query.from ? gte(measures.measuredAt, new Date(query.from)) : undefined,
    query.to ? lte(measures.measuredAt, new Date(query.to)) : undefined,
  );
  if (query.from && query.to) periodOf(care.now(), query.from, query.to);
  // An indicator the caller may not see (another establishment's, hidden from patients, unknown) is not found, never an empty list.
  if (query.indicatorId) {
    const [known] = await care.db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.id, query.indicatorId), visibleIndicators(file)));
    if (!known) throw notFound();
  }
  const correctionMinutes = await correctionDelayOf(care, file);
  return pageOfRows(query, {
    rows: async (limit, offset) => (await care.db.select({
      m: measures, indicator: { id: indicators.id, reference: indicators.reference, name: indicators.name, decimals: indicators.decimals },
      unit: { code: units.ucumCode, symbol: units.symbol }, recorder: person(recorder), onBehalf: person(onBehalf), marker: person(marker),
    }).from(measures)
      .innerJoin(indicators, eq(indicators.id, measures.indicatorId))
      .innerJoin(units, eq(units.id, indicators.unitId))
      .leftJoin(recorder, eq(recorder.id, measures.recordedBy))
      .leftJoin(onBehalf, eq(onBehalf.id, measures.onBehalfOf))
      .leftJoin(marker, eq(marker.id, measures.enteredInErrorBy))
      .where(where).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset))
      .map(({ m, indicator, unit, recorder: by, onBehalf: forWhom, marker: markedBy }) => ({
        id: m.id, indicator: { ...indicator, name: indicator.name as LocalizedText }, value: m.value, unit,
        enteredValue: m.enteredValue, enteredUnit: m.enteredUnit, measuredAt: m.measuredAt.toISOString(), recordedAt: m.recordedAt.toISOString(),
        source: m.source as MeasureSource, recordedBy: by, onBehalfOf: forWhom,
        enteredInError: m.enteredInErrorAt
          ? { at: m.enteredInErrorAt.toISOString(), by: markedBy, reason: m.enteredInErrorReason ?? '', replacedBy: m.replacedBy }
          : null,
        correctableUntil: correctableUntil(care, file, m, correctionMinutes),
      })),
    count: async () => (await care.db.select({ n: count() }).from(measures).innerJoin(indicators, eq(indicators.id, measures.indicatorId)).where(where))[0]?.n ?? 0,
  });
}
