/**
 * How an establishment takes in measures (issue 18): the bound on late values that
 * server/care/measures/dates.ts applies, and how long a patient may correct a value she typed
 * (server/care/measures/entered-in-error.ts). Read by anyone the establishment's catalogue is in scope
 * for, written by those who configure it (policies.catalogue: its admins and super admins,
 * back-office admins); 404 otherwise.
 */
import { eq } from 'drizzle-orm';
import { establishments } from '../../db/schema.ts';
import type { MeasureSettings } from '../../../schemas/establishments.ts';
import type { CareContext } from '../context.ts';

export async function measureSettingsOf(care: CareContext, establishmentId: string): Promise<MeasureSettings> {
  await care.catalogue(establishmentId, 'read');
  const [row] = await care.db.select({ lateMeasureMaxDays: establishments.lateMeasureMaxDays, measureCorrectionMinutes: establishments.measureCorrectionMinutes })
    .from(establishments).where(eq(establishments.id, establishmentId));
  return { lateMeasureMaxDays: row?.lateMeasureMaxDays ?? null, measureCorrectionMinutes: row?.measureCorrectionMinutes ?? 0 };
}

export async function updateMeasureSettings(care: CareContext, establishmentId: string, body: MeasureSettings): Promise<MeasureSettings> {
  await care.catalogue(establishmentId, 'write');
  const settings = { lateMeasureMaxDays: body.lateMeasureMaxDays, measureCorrectionMinutes: body.measureCorrectionMinutes };
  await care.db.update(establishments).set(settings).where(eq(establishments.id, establishmentId));
  return settings;
}
