/**
 * Migration 0008 on a database that has files in the old shape (bytes in files.content, one
 * foreign key files.form_response_id): the bytes move to the database storage under a key the
 * migration makes and read back equal through it; a response's file becomes its attachment in
 * the response's patient file; a prepared, never uploaded file keeps no key. The old shape is
 * rebuilt from a migrated database (0008's tables dropped, the two columns put back), then
 * 0008's statements are run as the migrator runs them.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAttachments, fileChunks, files, formResponses, formVersions } from '../../server/db/schema.ts';
import { databaseStorage } from '../../server/storage/database.ts';
import { startGateway, type TestGateway } from '../helpers/app.ts';
import { userIdOf } from '../helpers/demo-data.ts';
import { formIdOf, JPEG, newPatientFile, pdf } from '../helpers/questionnaires.ts';

const MIGRATION = new URL('../../server/db/migrations/0008_file_storage.sql', import.meta.url);

// The gateway provisions the demo world and its questionnaires; the test works on its database.
let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw?.close(); });

describe('migration 0008 (file storage)', () => {
  it('moves stored bytes into file_chunks and response links into file_attachments', async () => {
    const db = gw.db.database.db;
    const patientFileId = await newPatientFile(db);
    const formId = await formIdOf(db, 'chu-azur', 'POST-OP');
    const [version] = await db.select({ id: formVersions.id }).from(formVersions).where(eq(formVersions.formId, formId));
    const [response] = await db.insert(formResponses).values({ patientFileId, formId, formVersionId: version!.id, answers: {}, answeredAt: new Date() })
      .returning({ id: formResponses.id });
    const uploader = await userIdOf(db, 'patient.open');

    // Back to the shape before 0008.
    for (const statement of [
      'DROP TABLE "file_attachments"', 'DROP TABLE "file_chunks"', 'ALTER TABLE "files" DROP COLUMN "storage_key"',
      'ALTER TABLE "files" ADD COLUMN "content" bytea',
      'ALTER TABLE "files" ADD COLUMN "form_response_id" uuid',
      `ALTER TABLE "files" ADD CONSTRAINT "files_form_response_id_form_responses_id_fk" FOREIGN KEY ("form_response_id") REFERENCES "public"."form_responses"("id") ON DELETE set null ON UPDATE no action`,
    ]) await db.execute(sql.raw(statement));
    const letter = pdf('Lettre de sortie');
    const insert = async (name: string, content: Buffer | null, formResponseId: string | null) => (await db.execute(sql`
      insert into files (uploader_id, name, mime_type, size, content, form_response_id, uploaded_at)
      values (${uploader}, ${name}, ${content ? 'application/pdf' : null}, ${content?.length ?? null},
        ${content ? sql`decode(${content.toString('base64')}, 'base64')` : null}, ${formResponseId}, ${content ? new Date() : null})
      returning id`) as { rows: { id: string }[] }).rows[0]!;
    const linked = await insert('lettre.pdf', letter, response!.id);
    const loose = await insert('photo.jpg', JPEG, null);
    const prepared = await insert('jamais.pdf', null, null);

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const row = async (id: string) => (await db.select().from(files).where(eq(files.id, id)))[0]!;
    const storage = databaseStorage(db);
    const bytesOf = async (key: string) => { const parts: Buffer[] = []; for await (const c of (await storage.get(key))!) parts.push(c as Buffer); return Buffer.concat(parts); };
    for (const [file, bytes] of [[linked, letter], [loose, JPEG]] as const) {
      const { storageKey } = await row(file.id);
      expect(storageKey).toMatch(/^db-[0-9a-f]{32}$/);
      expect(Buffer.compare(await bytesOf(storageKey!), bytes)).toBe(0);
    }
    expect((await row(prepared.id)).storageKey).toBeNull();
    expect(await db.select().from(fileAttachments)).toEqual([
      { fileId: linked.id, ownerKind: 'form_response', ownerId: response!.id, patientFileId, createdAt: expect.any(Date) },
    ]);
    expect((await db.select({ key: fileChunks.key }).from(fileChunks)).length).toBe(2);
    const columns = await db.execute(sql`select column_name from information_schema.columns where table_name = 'files' order by column_name`) as { rows: { column_name: string }[] };
    expect(columns.rows.map((c) => c.column_name)).not.toContain('content');
  });
});
