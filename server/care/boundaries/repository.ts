/**
 * A patient file's alert thresholds (issue 11 §3): read them in force, set the file's own for an
 * indicator (they replace the indicator's defaults on this file), remove them (the defaults apply
 * again), deactivate one. Professionals of the file; writes on open files only, each in one
 * transaction with its history entry (ALERT_THRESHOLD_*), whose payload says the indicator and
 * the thresholds before and after.
 *
 * PUT replaces the file's own set for the indicator: rows are updated in place in order (their
 * ids, which alerts point to, stay), extra ones inserted, missing ones deleted. Thresholds a
 * protocol brought are the protocol's: PUT and DELETE leave them; deactivate reaches them.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { indicatorBoundaries, indicators, interventionLevels } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import type { Boundary, BoundariesBody, IndicatorBoundaries } from '../../../schemas/boundaries.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { effectiveBoundaries, type EffectiveBoundary, type IndicatorInForce } from '../measures/boundaries.ts';
import { boundaryState, thresholdOf } from '../measures/evaluate.ts';

const nameIn = (name: unknown, language: string) => textIn(name as LocalizedText, language) ?? '';

function toBoundary(care: CareContext, boundary: EffectiveBoundary, referenceValue: number | null): Boundary {
  const threshold = thresholdOf(boundary, referenceValue);
  return {
    id: boundary.id, operator: boundary.operator, mode: boundary.mode, value: boundary.value, origin: boundary.origin,
    ...(threshold !== undefined ? { threshold } : {}), ...boundaryState(boundary, referenceValue),
    level: { id: boundary.level.id, name: nameIn(boundary.level.name, care.language), rank: boundary.level.rank, colour: boundary.level.colour },
  };
}

function toIndicatorBoundaries(care: CareContext, entry: IndicatorInForce): IndicatorBoundaries {
  return {
    indicatorId: entry.indicatorId, reference: entry.reference, name: nameIn(entry.name, care.language), unit: entry.unit,
    customised: entry.customised, referenceValue: entry.referenceValue, referenceValueOrigin: entry.referenceValueOrigin,
    boundaries: entry.boundaries.map((b) => toBoundary(care, b, entry.referenceValue)),
    inactiveBoundaries: entry.boundaries.filter((b) => boundaryState(b, entry.referenceValue).state === 'inactive').length,
    defaults: entry.defaults.map((b) => toBoundary(care, b, entry.referenceValue)),
  };
}

export async function listBoundaries(care: CareContext, file: PatientFileHandle): Promise<IndicatorBoundaries[]> {
  file.requireProfessional();
  const inForce = await effectiveBoundaries(care.db, file.id);
  return [...inForce.values()].map((entry) => toIndicatorBoundaries(care, entry))
    .sort((a, b) => a.name.localeCompare(b.name, care.language) || a.indicatorId.localeCompare(b.indicatorId));
}

async function indicatorBoundariesOf(care: CareContext, file: PatientFileHandle, indicatorId: string): Promise<IndicatorBoundaries> {
  const entry = (await effectiveBoundaries(care.db, file.id, [indicatorId])).get(indicatorId);
  if (!entry) throw notFound();
  return toIndicatorBoundaries(care, entry);
}

/** The indicator, when it is one of the file's establishment (404 otherwise, before anything else). */
async function requireIndicator(db: Db, file: PatientFileHandle, indicatorId: string) {
  const [indicator] = await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.id, indicatorId), eq(indicators.establishmentId, file.establishmentId)));
  if (!indicator) throw notFound();
}

type Row = typeof indicatorBoundaries.$inferSelect;
const summary = (row: Pick<Row, 'id' | 'levelId' | 'operator' | 'mode' | 'value' | 'active'>) =>
  ({ id: row.id, levelId: row.levelId, operator: row.operator, mode: row.mode, value: row.value, active: row.active });

const ownOf = (fileId: string, indicatorId: string) => and(
  eq(indicatorBoundaries.patientFileId, fileId), eq(indicatorBoundaries.indicatorId, indicatorId), isNull(indicatorBoundaries.patientFileProtocolId),
);

export async function putBoundaries(care: CareContext, file: PatientFileHandle, indicatorId: string, body: BoundariesBody): Promise<IndicatorBoundaries> {
  await requireIndicator(care.db, file, indicatorId);
  const levelIds = [...new Set(body.boundaries.map((b) => b.levelId))];
  const levels = new Set((await care.db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(and(inArray(interventionLevels.id, levelIds), eq(interventionLevels.establishmentId, file.establishmentId)))).map((l) => l.id));
  body.boundaries.forEach((b, index) => {
    if (!levels.has(b.levelId)) throw new AppError(404, 'not_found', {}, `body.boundaries.${index}.levelId`);
  });
  file.requireProfessional();
  file.requireOpen();
  if (body.boundaries.length === 0) throw badRequest('field_required', {}, 'body.boundaries');
  const now = care.now();
  await care.db.transaction(async (tx) => {
    // Two editors of the same thresholds take turns: the file's row lock, since the rows of a set
    // not created yet cannot be locked (two first sets at once were both inserted, issue 19).
    await file.lockOpen(tx);
    const before = await tx.select().from(indicatorBoundaries).where(ownOf(file.id, indicatorId))
      .orderBy(asc(indicatorBoundaries.createdAt), asc(indicatorBoundaries.id)).for('update');
    const after: ReturnType<typeof summary>[] = [];
    for (const [index, b] of body.boundaries.entries()) {
      const values = { levelId: b.levelId, operator: b.operator, mode: b.mode ?? 'ABSOLUTE', value: b.value, active: true };
      const existing = before[index];
      if (existing) {
        await tx.update(indicatorBoundaries).set({ ...values, updatedAt: now }).where(eq(indicatorBoundaries.id, existing.id));
        after.push(summary({ id: existing.id, ...values }));
      } else {
        const [row] = await tx.insert(indicatorBoundaries).values({ ...values, indicatorId, patientFileId: file.id, createdBy: care.userId, createdAt: now }).returning();
        after.push(summary(row!));
      }
    }
    const removed = before.slice(body.boundaries.length).map((row) => row.id);
    if (removed.length > 0) await tx.delete(indicatorBoundaries).where(inArray(indicatorBoundaries.id, removed));
    await file.recordHistory(tx, before.length === 0 ? 'ALERT_THRESHOLD_CREATED' : 'ALERT_THRESHOLD_UPDATED',
      before.length === 0 ? { indicatorId, boundaries: after } : { indicatorId, before: before.map(summary), after });
  });
  return indicatorBoundariesOf(care, file, indicatorId);
}

export async function deleteBoundaries(care: CareContext, file: PatientFileHandle, indicatorId: string): Promise<IndicatorBoundaries> {
  await requireIndicator(care.db, file, indicatorId);
  file.requireProfessional();
  file.requireOpen();
  await care.db.transaction(async (tx) => {
    const removed = await tx.delete(indicatorBoundaries).where(ownOf(file.id, indicatorId)).returning();
    if (removed.length === 0) throw notFound();
    await file.recordHistory(tx, 'ALERT_THRESHOLD_DELETED', { indicatorId, boundaries: removed.map(summary) });
  });
  return indicatorBoundariesOf(care, file, indicatorId);
}

export async function deactivateBoundary(care: CareContext, file: PatientFileHandle, boundaryId: string): Promise<Boundary> {
  // Only a threshold of this file (its own or a protocol's): a default is the establishment's.
  const [found] = await care.db.select().from(indicatorBoundaries)
    .where(and(eq(indicatorBoundaries.id, boundaryId), eq(indicatorBoundaries.patientFileId, file.id)));
  if (!found) throw notFound();
  file.requireProfessional();
  file.requireOpen();
  await care.db.transaction(async (tx) => {
    const changed = await tx.update(indicatorBoundaries).set({ active: false, updatedAt: care.now() })
      .where(and(eq(indicatorBoundaries.id, boundaryId), eq(indicatorBoundaries.active, true))).returning({ id: indicatorBoundaries.id });
    if (changed.length === 0) throw new AppError(409, 'boundary_inactive');
    await file.recordHistory(tx, 'ALERT_THRESHOLD_DEACTIVATED', { indicatorId: found.indicatorId, boundary: summary({ ...found, active: false }) });
  });
  const [level] = await care.db.select().from(interventionLevels).where(eq(interventionLevels.id, found.levelId));
  const entry = (await effectiveBoundaries(care.db, file.id, [found.indicatorId])).get(found.indicatorId);
  return toBoundary(care, {
    id: found.id, operator: found.operator, mode: found.mode, value: found.value, origin: found.patientFileProtocolId ? 'protocol' : 'file',
    level: { id: level!.id, name: level!.name, rank: level!.rank, colour: level!.colour },
  }, entry?.referenceValue ?? null);
}
