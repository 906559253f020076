/**
 * The thresholds in force on a patient file (issue 11 §3), in one query for any number of
 * indicators: recordMeasures evaluates a batch of 500 measures with it, the boundaries route lists
 * them, the alert context charts them.
 *
 * Rule (customised over default, per indicator): the file's active boundaries of an indicator —
 * its own (patient_file_protocol_id null) and those its active protocols brought (pointing to an
 * active, non-excluded patient_file_protocols row) — replace the indicator's default boundaries
 * (no file, no protocol) for that indicator only; without any, the active defaults apply.
 * The reference value in force: the file's active one, else the indicator's global one.
 * Every indicator of the file's establishment is the file's, whether or not a threshold applies:
 * a protocol brings thresholds, never the indicator (docs/clinical-rules.md).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { indicatorBoundaries, indicators, interventionLevels, patientFileProtocols, patientFiles, referenceValues, services, units } from '../../db/schema.ts';
import type { BoundaryMode, BoundaryOperator } from '../../../schemas/telemonitoring.ts';
import { boundariesInForce, type EvaluatedBoundary } from './evaluate.ts';

export type BoundaryOrigin = 'default' | 'file' | 'protocol';

export interface EffectiveBoundary extends EvaluatedBoundary {
  origin: BoundaryOrigin;
}

export interface IndicatorInForce {
  indicatorId: string;
  reference: string;
  name: unknown;
  /** The boundaries that apply to the file's measures of this indicator. */
  boundaries: EffectiveBoundary[];
  /** The indicator's active defaults (shown beside customised ones). */
  defaults: EffectiveBoundary[];
  /** Whether the file's own or its protocols' boundaries replace the defaults. */
  customised: boolean;
  referenceValue: number | null;
  referenceValueOrigin: 'file' | 'default' | null;
  /** The indicator's unit (UCUM code) and molecular weight, for converting what is entered. */
  unit: { code: string; symbol: string };
  molecularWeight: number | null;
  decimals: number;
  /** What can be true, in the indicator's unit: outside, a value is refused (plausible.ts). */
  plausible: { min: number; max: number };
  /** Shown to the patient's side (patients and caregivers); hidden, they neither read nor write it. */
  visibleToPatients: boolean;
}

const defaultOwned = and(isNull(indicatorBoundaries.patientFileId), isNull(indicatorBoundaries.protocolId));
/** The file's own boundaries, and those a protocol brought while it is active and not excluded. */
const fileOwned = and(
  eq(indicatorBoundaries.patientFileId, patientFiles.id),
  or(isNull(indicatorBoundaries.patientFileProtocolId), sql`exists (select 1 from ${patientFileProtocols} p
    where p.id = ${indicatorBoundaries.patientFileProtocolId} and p.active and p.excluded_at is null)`),
);

/**
 * Per indicator of the file's establishment (or of `indicatorIds` among them), the boundaries in
 * force with their level and origin, the defaults, and the reference value in force. Indicators
 * of another establishment are absent from the answer.
 */
export async function effectiveBoundaries(db: Db, fileId: string, indicatorIds?: readonly string[]): Promise<Map<string, IndicatorInForce>> {
  const result = new Map<string, IndicatorInForce>();
  if (indicatorIds && indicatorIds.length === 0) return result;
  const rows = await db.select({
    indicatorId: indicators.id,
    reference: indicators.reference,
    name: indicators.name,
    globalReference: indicators.referenceValue,
    unitCode: units.ucumCode,
    unitSymbol: units.symbol,
    molecularWeight: indicators.molecularWeight,
    decimals: indicators.decimals,
    plausibleMin: indicators.plausibleMin,
    plausibleMax: indicators.plausibleMax,
    visibleToPatients: indicators.visibleToPatients,
    fileReference: referenceValues.value,
    boundaryId: indicatorBoundaries.id,
    operator: indicatorBoundaries.operator,
    mode: indicatorBoundaries.mode,
    value: indicatorBoundaries.value,
    ownerFile: indicatorBoundaries.patientFileId,
    ownerProtocol: indicatorBoundaries.patientFileProtocolId,
    levelId: interventionLevels.id,
    levelName: interventionLevels.name,
    levelRank: interventionLevels.rank,
    levelColour: interventionLevels.colour,
  }).from(patientFiles)
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .innerJoin(indicators, eq(indicators.establishmentId, services.establishmentId))
    .innerJoin(units, eq(units.id, indicators.unitId))
    .leftJoin(referenceValues, and(eq(referenceValues.patientFileId, patientFiles.id), eq(referenceValues.indicatorId, indicators.id), isNull(referenceValues.deactivatedAt)))
    // Which boundaries apply is said in the join, never in the where: an indicator whose only
    // boundaries a deactivated or excluded protocol brought is still the file's, with none in
    // force (issue 19: filtered after the join, it vanished and its values were refused 404).
    .leftJoin(indicatorBoundaries, and(eq(indicatorBoundaries.indicatorId, indicators.id), eq(indicatorBoundaries.active, true),
      or(defaultOwned, fileOwned)))
    .leftJoin(interventionLevels, eq(interventionLevels.id, indicatorBoundaries.levelId))
    .where(and(eq(patientFiles.id, fileId), indicatorIds ? inArray(indicators.id, [...new Set(indicatorIds)]) : undefined))
    .orderBy(indicators.id, sql`${interventionLevels.rank} nulls last`, indicatorBoundaries.value, indicatorBoundaries.id);

  const fileBoundaries = new Map<string, EffectiveBoundary[]>();
  for (const row of rows) {
    let entry = result.get(row.indicatorId);
    if (!entry) {
      const referenceValue = row.fileReference ?? row.globalReference ?? null;
      entry = {
        indicatorId: row.indicatorId, reference: row.reference, name: row.name, boundaries: [], defaults: [], customised: false, referenceValue,
        referenceValueOrigin: row.fileReference !== null ? 'file' : row.globalReference !== null ? 'default' : null,
        unit: { code: row.unitCode, symbol: row.unitSymbol }, molecularWeight: row.molecularWeight, decimals: row.decimals,
        plausible: { min: row.plausibleMin, max: row.plausibleMax }, visibleToPatients: row.visibleToPatients,
      };
      result.set(row.indicatorId, entry);
    }
    if (row.boundaryId === null || row.levelId === null) continue;
    const boundary: EffectiveBoundary = {
      id: row.boundaryId, operator: row.operator as BoundaryOperator, mode: row.mode as BoundaryMode, value: row.value!,
      origin: row.ownerFile === null ? 'default' : row.ownerProtocol === null ? 'file' : 'protocol',
      level: { id: row.levelId, name: row.levelName, rank: row.levelRank!, colour: row.levelColour! },
    };
    if (boundary.origin === 'default') entry.defaults.push(boundary);
    else fileBoundaries.set(row.indicatorId, [...(fileBoundaries.get(row.indicatorId) ?? []), boundary]);
  }
  for (const entry of result.values()) {
    const own = fileBoundaries.get(entry.indicatorId);
    entry.boundaries = [...boundariesInForce(entry.defaults, own)];
    entry.customised = own !== undefined && own.length > 0;
  }
  return result;
}
