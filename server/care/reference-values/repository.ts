/**
 * A patient file's reference values (issue 11 §3, spec 001 §7 POST reference-value): a dry
 * weight, a usual pressure, to which RELATIVE thresholds are added. One active per file and
 * indicator (a partial unique index): creating one deactivates the previous one in the same
 * transaction, under the file's row lock, so that creations at once take turns, each replacing the
 * one before (issue 19: each found no active value and inserted, and all but one hit the index, 500). Deactivating the active one brings the indicator's global reference value back.
 * Professionals of the file; writes on open files only, with their history entry. A value outside
 * the indicator's plausible range is refused (measures/plausible.ts).
 */
import { aliasedTable, and, desc, eq, isNull, sql } from 'drizzle-orm';
import { indicators, referenceValues, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ReferenceValue, ReferenceValueBody } from '../../../schemas/boundaries.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { requirePlausible } from '../measures/plausible.ts';
import { insertReferenceValue, referencedIndicator } from './history.ts';

const creator = aliasedTable(users, 'creator');
const deactivator = aliasedTable(users, 'deactivator');
const person = (u: typeof creator | typeof deactivator) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName });

function select(care: CareContext) {
  return care.db.select({ row: referenceValues, createdBy: person(creator), deactivatedBy: person(deactivator) }).from(referenceValues)
    .leftJoin(creator, eq(creator.id, referenceValues.createdBy))
    .leftJoin(deactivator, eq(deactivator.id, referenceValues.deactivatedBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toReferenceValue({ row, createdBy, deactivatedBy }: Selected): ReferenceValue {
  return {
    id: row.id, indicatorId: row.indicatorId, value: row.value, active: row.deactivatedAt === null, createdAt: row.createdAt.toISOString(),
    ...(createdBy ? { createdBy } : {}),
    ...(row.deactivatedAt ? { deactivatedAt: row.deactivatedAt.toISOString() } : {}),
    ...(deactivatedBy ? { deactivatedBy } : {}),
  };
}

export async function listReferenceValues(care: CareContext, file: PatientFileHandle): Promise<ReferenceValue[]> {
  file.requireProfessional();
  return (await select(care).where(eq(referenceValues.patientFileId, file.id)).orderBy(desc(referenceValues.createdAt), sql`${referenceValues.deactivatedAt} is null desc`, desc(referenceValues.id)))
    .map(toReferenceValue);
}

async function referenceValueOf(care: CareContext, id: string): Promise<ReferenceValue> {
  const [found] = await select(care).where(eq(referenceValues.id, id));
  if (!found) throw notFound();
  return toReferenceValue(found);
}

export async function createReferenceValue(care: CareContext, file: PatientFileHandle, body: ReferenceValueBody): Promise<ReferenceValue> {
  // Ids first (another establishment's indicator is a 404 whoever asks), then who may, then the file's state.
  const [indicator] = await referencedIndicator(care.db)
    .where(and(eq(indicators.id, body.indicatorId), eq(indicators.establishmentId, file.establishmentId)));
  if (!indicator) throw new AppError(404, 'not_found', {}, 'body.indicatorId');
  file.requireProfessional();
  file.requireOpen();
  // A dry weight of 6,450 kg or −3 kg would make every relative threshold fire or none (issue 18).
  requirePlausible(body.value, indicator, indicator.unit, 'body.value');
  const now = care.now();
  const id = await care.db.transaction(async (tx) => {
    await file.lockOpen(tx);
    const previous = await tx.update(referenceValues).set({ deactivatedAt: now, deactivatedBy: care.userId })
      .where(and(eq(referenceValues.patientFileId, file.id), eq(referenceValues.indicatorId, body.indicatorId), isNull(referenceValues.deactivatedAt)))
      .returning({ id: referenceValues.id, value: referenceValues.value });
    return insertReferenceValue(tx, file, indicator, body.value, { userId: care.userId, now }, previous[0] ? { previous: previous[0] } : {});
  });
  return referenceValueOf(care, id);
}

export async function deactivateReferenceValue(care: CareContext, file: PatientFileHandle, referenceValueId: string): Promise<ReferenceValue> {
  const [found] = await care.db.select().from(referenceValues)
    .where(and(eq(referenceValues.id, referenceValueId), eq(referenceValues.patientFileId, file.id)));
  if (!found) throw notFound();
  file.requireProfessional();
  file.requireOpen();
  await care.db.transaction(async (tx) => {
    const changed = await tx.update(referenceValues).set({ deactivatedAt: care.now(), deactivatedBy: care.userId })
      .where(and(eq(referenceValues.id, found.id), isNull(referenceValues.deactivatedAt))).returning({ id: referenceValues.id });
    if (changed.length === 0) throw new AppError(409, 'reference_value_inactive');
    const [indicator] = await referencedIndicator(tx).where(eq(indicators.id, found.indicatorId));
    await file.recordHistory(tx, 'REFERENCE_VALUE_DEACTIVATED', {
      indicatorId: found.indicatorId, referenceValueId: found.id, value: found.value, ...(indicator ? { indicatorName: indicator.name, unit: indicator.unit } : {}),
    });
  });
  return referenceValueOf(care, found.id);
}
