/** The time zone an establishment plans its questionnaires in (establishments.time_zone, migration 0005). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { establishments } from '../../db/schema.ts';
import { DEFAULT_TIME_ZONE } from './planning.ts';

export async function timeZoneOf(db: Db, establishmentId: string): Promise<string> {
  const [row] = await db.select({ timeZone: establishments.timeZone }).from(establishments).where(eq(establishments.id, establishmentId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
