/**
 * What a REFERENCE_VALUE_CREATED history entry says (issue 18): the value with its unit and the
 * indicator's name as they were when it was set, so the history reads "Reference value of Weight
 * set to 72.5 kg" even after the catalogue changes; who set it is the entry's actor.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { indicators, referenceValues, units } from '../../db/schema.ts';
import type { PatientFileHandle } from '../patient-file.ts';

export interface ReferencedIndicator { id: string; name: unknown; unit: string; min: number; max: number }

/** The indicator as a reference value needs it: its name, unit symbol and plausible range. */
export const referencedIndicator = (db: Db) => db.select({
  id: indicators.id, name: indicators.name, unit: units.symbol, min: indicators.plausibleMin, max: indicators.plausibleMax,
}).from(indicators).innerJoin(units, eq(units.id, indicators.unitId));

/**
 * Stores a file's reference value for the indicator and its history entry, in `tx` (the caller
 * has deactivated the previous one and checked the value). `source` says where it was typed when
 * not in the indicators tab.
 */
export async function insertReferenceValue(tx: Db, file: PatientFileHandle, indicator: ReferencedIndicator, value: number, by: { userId: string; now: Date },
  extra: { previous?: { id: string; value: number }; source?: 'patient_creation' } = {}): Promise<string> {
  const [row] = await tx.insert(referenceValues)
    .values({ patientFileId: file.id, indicatorId: indicator.id, value, createdBy: by.userId, createdAt: by.now })
    .returning({ id: referenceValues.id });
  await file.recordHistory(tx, 'REFERENCE_VALUE_CREATED', {
    indicatorId: indicator.id, indicatorName: indicator.name, unit: indicator.unit, referenceValueId: row!.id, value,
    ...(extra.previous ? { previousReferenceValueId: extra.previous.id, previousValue: extra.previous.value } : {}),
    ...(extra.source ? { source: extra.source } : {}),
  });
  return row!.id;
}
