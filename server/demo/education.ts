/**
 * Demo therapeutic content (issue 20 §2): the library of CHU Azur's Cardiologie, the service of
 * Camille Martin's open file (patient.open) — a PDF guide, an image of the daily weighing routine
 * and a YouTube video — so that her monitoring screen lists them and the prescriber's library has
 * something to edit. The bytes go through the storage like any upload; after the demo documents,
 * idempotent by its system-state key.
 */
import { Readable } from 'node:stream';
import { deflateSync, crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { educationContents, establishments, fileAttachments, files, services, systemState, users } from '../db/schema.ts';
import type { Storage } from '../storage/index.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { demoPdf } from './documents.ts';

const STATE_KEY = 'demo_education_at';

/** A PNG `width`×`height` whose pixels `colour(x, y)` paints (RGB), encoded here: no image library for a demo picture. */
export function demoPng(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x += 1) raw.set(colour(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A red heart on a pale background: the weighing routine's picture. */
const heart = (x: number, y: number): [number, number, number] => {
  const u = (x - 160) / 90;
  const v = (110 - y) / 90;
  const inside = (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0;
  return inside ? [214, 48, 49] : [245, 247, 250];
};

const ITEMS = [
  { kind: 'document', title: 'Guide : vivre avec une insuffisance cardiaque', description: 'Les signes qui doivent vous faire appeler votre équipe, et les gestes de chaque jour.',
    file: { name: 'guide-insuffisance-cardiaque.pdf', mime: 'application/pdf', bytes: () => demoPdf('Vivre avec une insuffisance cardiaque - guide du patient') } },
  { kind: 'image', title: 'Se peser chaque matin', description: 'Au réveil, après être allé aux toilettes, avant le petit déjeuner.',
    file: { name: 'se-peser-chaque-matin.png', mime: 'image/png', bytes: () => demoPng(320, 220, heart) } },
  { kind: 'youtube', title: 'Vidéo : le régime pauvre en sel', description: null, youtubeId: 'dQw4w9WgXcQ' },
] as const;

export async function provisionDemoEducation(db: Db, storage: Storage, now: Date = new Date()): Promise<'provisioned' | 'skipped'> {
  const [state] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  if (state) return 'skipped';
  const email = DEMO_ACCOUNTS.find((a) => a.email.startsWith('prescriber@'))!.email;
  const [prescriber] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [service] = await db.select({ id: services.id }).from(services).innerJoin(establishments, eq(establishments.id, services.establishmentId))
    .where(and(eq(establishments.name, 'CHU Azur'), eq(services.name, 'Cardiologie')));
  if (!prescriber || !service) return 'skipped';
  // The bytes first (the storage is not in the transaction), as the demo documents do.
  const stored = await Promise.all(ITEMS.map(async (item) => ('file' in item ? storage.put(Readable.from([item.file.bytes()])) : undefined)));
  await db.transaction(async (tx) => {
    for (const [i, item] of ITEMS.entries()) {
      const s = stored[i];
      const [upload] = 'file' in item && s ? await tx.insert(files).values({
        uploaderId: prescriber.id, name: item.file.name, mimeType: item.file.mime, size: s.size, storageKey: s.key, createdAt: now, uploadedAt: now,
      }).returning({ id: files.id }) : [undefined];
      const [created] = await tx.insert(educationContents).values({
        serviceId: service.id, kind: item.kind, title: item.title, description: item.description,
        fileId: upload?.id ?? null, youtubeId: 'youtubeId' in item ? item.youtubeId : null, createdBy: prescriber.id, createdAt: now,
      }).returning({ id: educationContents.id });
      if (upload) await tx.insert(fileAttachments).values({ fileId: upload.id, ownerKind: 'education_content', ownerId: created!.id, patientFileId: null, createdAt: now });
    }
    await tx.insert(systemState).values({ key: STATE_KEY, value: now.toISOString() });
  });
  return 'provisioned';
}
