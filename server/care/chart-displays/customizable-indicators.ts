/**
 * GET /patient_files/:id/customizable_indicators (spec 001 §7, page size 100 §9): the indicators
 * of the file's establishment with what is in force for this file. Three statements for a page:
 * the page with each indicator's last value and covering rules (correlated subqueries, each one
 * index range: measures_file_indicator_idx, non_observance_rules_file_idx), its count, and the
 * thresholds in force (effectiveBoundaries, the one rule of customised over default).
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { indicators, measures, units } from '../../db/schema.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import type { BoundaryInForce, CustomizableIndicator } from '../../../schemas/customizable-indicators.ts';
import type { LocalizedText } from '../../../schemas/localized-text.ts';
import type { AlertColour } from '../../../schemas/telemonitoring.ts';
import type { CareContext } from '../context.ts';
import { effectiveBoundaries, type EffectiveBoundary } from '../measures/boundaries.ts';
import { boundaryState, thresholdOf } from '../measures/evaluate.ts';
import { countsIn } from '../measures/counts.ts';
import type { PatientFileHandle } from '../patient-file.ts';

const toBoundary = (b: EffectiveBoundary, referenceValue: number | null): BoundaryInForce => ({
  id: b.id, origin: b.origin, operator: b.operator, mode: b.mode, value: b.value, threshold: thresholdOf(b, referenceValue) ?? null,
  ...boundaryState(b, referenceValue),
  level: { id: b.level.id, name: b.level.name as LocalizedText, rank: b.level.rank, colour: b.level.colour as AlertColour },
});

export async function listCustomizableIndicators(care: CareContext, file: PatientFileHandle, query: { page: number; pageSize: number }): Promise<Page<CustomizableIndicator>> {
  file.requireProfessional();
  const where = eq(indicators.establishmentId, file.establishmentId);
  // The newest measure of the indicator on this file: one index range (measures_file_indicator_idx), first row.
  const last = (column: 'value' | 'measured_at') => sql`(select ${sql.identifier(column)} from ${measures} m
    where m.patient_file_id = ${file.id} and m.indicator_id = ${indicators.id} and ${countsIn('m')} order by m.measured_at desc limit 1)`;
  return pageOfRows(query, {
    rows: async (limit, offset) => {
      const rows = await care.db.select({
        id: indicators.id, reference: indicators.reference, name: indicators.name, unitCode: units.ucumCode, unitSymbol: units.symbol,
        decimals: indicators.decimals, visibleToPatients: indicators.visibleToPatients,
        plausibleMin: indicators.plausibleMin, plausibleMax: indicators.plausibleMax,
        lastValue: sql<number | null>`${last('value')}`.mapWith((v) => (v === null ? null : Number(v))),
        lastAt: sql<string | null>`${last('measured_at')}`,
        rules: sql<{ id: string; periodInDays: number }[]>`coalesce((
          select json_agg(json_build_object('id', r.id, 'periodInDays', r.period_in_days) order by r.period_in_days, r.id)
          from non_observance_rules r
          where r.patient_file_id = ${file.id} and r.active and r.excluded_at is null and ${indicators.id} = any(r.indicator_ids)
            and (r.patient_file_protocol_id is null or exists (
              select 1 from patient_file_protocols p where p.id = r.patient_file_protocol_id and p.active and p.excluded_at is null))
        ), '[]'::json)`,
      }).from(indicators).innerJoin(units, eq(units.id, indicators.unitId)).where(where)
        .orderBy(asc(sql`lower(${indicators.name} ->> 'fr')`), asc(indicators.id)).limit(limit).offset(offset);
      const inForce = await effectiveBoundaries(care.db, file.id, rows.map((row) => row.id));
      return rows.map((row): CustomizableIndicator => {
        const force = inForce.get(row.id);
        const reference = force?.referenceValue ?? null;
        const boundaries = (force?.boundaries ?? []).map((b) => toBoundary(b, reference));
        return {
          id: row.id, reference: row.reference, name: row.name as LocalizedText, unit: { code: row.unitCode, symbol: row.unitSymbol },
          decimals: row.decimals, plausible: { min: row.plausibleMin, max: row.plausibleMax }, visibleToPatients: row.visibleToPatients,
          lastValue: row.lastValue === null || row.lastAt === null ? null : { value: row.lastValue, measuredAt: new Date(row.lastAt).toISOString() },
          boundaries, inactiveBoundaries: boundaries.filter((b) => b.state === 'inactive').length, defaults: (force?.defaults ?? []).map((b) => toBoundary(b, reference)),
          origin: !force?.customised ? 'default' : boundaries.some((b) => b.origin === 'file') ? 'file' : 'protocol',
          referenceValue: reference === null ? null : { value: reference, origin: force!.referenceValueOrigin === 'file' ? 'file' : 'default' },
          nonComplianceRules: (typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules) as CustomizableIndicator['nonComplianceRules'],
        };
      });
    },
    count: async () => (await care.db.select({ n: count() }).from(indicators).where(where))[0]?.n ?? 0,
  });
}
