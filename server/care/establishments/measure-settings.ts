/**
 * How an establishment takes in measures (issue 18): the bound on late values that
 * server/care/measures/dates.ts applies. Read by anyone the establishment's catalogue is in scope
 * for, written by those who configure it (policies.catalogue: its admins and super admins,
 * back-office admins); 404 otherwise.
 */
import { eq } from 'drizzle-orm';
import { establishments } from '../../db/schema.ts';
import type { MeasureSettings } from '../../../schemas/establishments.ts';
import type { CareContext } from '../context.ts';

export async function measureSettingsOf(care: CareContext, establishmentId: string): Promise<MeasureSettings> {
  await care.catalogue(establishmentId, 'read');
  const [row] = await care.db.select({ lateMeasureMaxDays: establishments.lateMeasureMaxDays }).from(establishments).where(eq(establishments.id, establishmentId));
  return { lateMeasureMaxDays: row?.lateMeasureMaxDays ?? null };
}

export async function updateMeasureSettings(care: CareContext, establishmentId: string, body: MeasureSettings): Promise<MeasureSettings> {
  await care.catalogue(establishmentId, 'write');
  await care.db.update(establishments).set({ lateMeasureMaxDays: body.lateMeasureMaxDays }).where(eq(establishments.id, establishmentId));
  return { lateMeasureMaxDays: body.lateMeasureMaxDays };
}
