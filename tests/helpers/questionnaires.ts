/**
 * Helpers of the questionnaire API tests: real files (PNG and JPEG drawn and encoded by
 * Chromium, a PDF with a correct cross-reference table), fresh patient files so that each
 * scenario starts its own planning, and the calls of issue 5 as a logged-in browser makes them.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { caregivers, forms, formVersions, patientFileHistory, patientFiles } from '../../server/db/schema.ts';
import type { Browser } from './app.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from './demo-data.ts';
import { demoPdf } from '../../server/demo/documents.ts';
import { FOLLOWED_SINCE } from './patient-files.ts';

/** A 4×4 PNG drawn on a canvas and encoded by Chromium (canvas.toDataURL). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAANElEQVR4AUzIAQkAMAhE0cNEi2CkRTDCIi2CjdQTBA8eHF++amyC2nkGqosOPKODXwMxJgAAAP//eylNlAAAAAZJREFUAwChzg8FL3ZGBAAAAABJRU5ErkJggg==', 'base64');

/** The same picture as a baseline JPEG (JFIF, sRGB profile), encoded by Chromium. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAhEAAABQIHAAAAAAAAAAAAAAAAAQIDBBIUERMjJEFCUf/EABUBAQEAAAAAAAAAAAAAAAAAAAUH/8QAFxEAAwEAAAAAAAAAAAAAAAAAAAEDMv/aAAwDAQACEQMRAD8AjTpd3b7eOxkspZ0UU14dleqPkwAAMyjTyj//2Q==',
  'base64',
);

/** A one-page PDF saying `text`: the demo's own (server/demo/documents.ts). */
export const pdf = (text = 'Compte rendu opératoire'): Buffer => demoPdf(text);

/** A GIF: a real image, of a type questionnaires do not accept. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export const MIME = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const;

/** A new OPEN (or other) file of a demo patient in CHU Azur Cardiologie, with caregivers if asked. */
export async function newPatientFile(db: Db, options: { patient?: string; caregivers?: string[]; status?: 'OPEN' | 'CLOSED' | 'AWAITING' } = {}): Promise<string> {
  const patient = options.patient ?? 'patient.open';
  const [model] = await patientFileIdsOf(db, 'patient.open');
  const [reference] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, model!));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, patient), serviceId: reference!.serviceId, status: options.status ?? 'OPEN' })
    .returning({ id: patientFiles.id });
  for (const local of options.caregivers ?? []) await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, local) });
  return file!.id;
}

/** The id of a questionnaire of an establishment, by reference. */
export async function formIdOf(db: Db, establishment: 'chu-azur' | 'clinique-des-tilleuls', reference: string): Promise<string> {
  const establishmentId = await establishmentIdOf(db, establishment);
  const [row] = await db.select({ id: forms.id }).from(forms).where(and(eq(forms.establishmentId, establishmentId), eq(forms.reference, reference)));
  if (!row) throw new Error(`no questionnaire ${reference} in ${establishment}`);
  return row.id;
}

export async function currentVersionOf(db: Db, formId: string): Promise<number> {
  const [row] = await db.select({ v: forms.currentVersion }).from(forms).where(eq(forms.id, formId));
  return row!.v;
}

export async function versionsOf(db: Db, formId: string) {
  return db.select({ version: formVersions.version }).from(formVersions).where(eq(formVersions.formId, formId)).orderBy(asc(formVersions.version));
}

export async function historyOf(db: Db, patientFileId: string, type?: string) {
  const rows = await db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, patientFileId)).orderBy(asc(patientFileHistory.occurredAt));
  return type ? rows.filter((r) => r.type === type) : rows;
}

const withLanguage = (url: string, l?: string) => (l ? `${url}${url.includes('?') ? '&' : '?'}l=${l}` : url);

/** The calls of questionnaires, as the browser `b` makes them. */
export function calls(b: Browser) {
  const post = (url: string, body?: object, l?: string) => b.agent.post(withLanguage(url, l)).set('x-csrf-token', b.csrf).send(body ?? {});
  return {
    forms: (establishmentId: string, l?: string) => b.agent.get(withLanguage(`/api/establishments/${establishmentId}/forms`, l)),
    assign: (fileId: string, formId: string) => post(`/api/patient_files/${fileId}/forms/${formId}`),
    activate: (assignmentId: string) => post(`/api/patient_file_forms/${assignmentId}/activate`),
    deactivate: (assignmentId: string) => post(`/api/patient_file_forms/${assignmentId}/deactivate`),
    overload: (assignmentId: string, planning: object) => post(`/api/patient_file_forms/${assignmentId}/overload`, { planning }),
    tasks: (fileId: string, l?: string) => b.agent.get(withLanguage(`/api/patient_files/${fileId}/tasks`, l)),
    definition: (fileId: string, formId: string) => b.agent.get(`/api/patient_files/${fileId}/forms/${formId}`),
    start: (fileId: string, body: { formId: string; occurrenceId?: string }) => post(`/api/patient_files/${fileId}/form_responses/start`, body),
    answer: (fileId: string, body: { formId: string; occurrenceId?: string; answers: unknown; skipEarlierLate?: boolean }, l?: string) =>
      post(`/api/patient_files/${fileId}/form_responses`, body, l),
    responses: (fileId: string) => b.agent.get(`/api/patient_files/${fileId}/form_responses`),
    response: (id: string, l?: string) => b.agent.get(withLanguage(`/api/form_responses/${id}`, l)),
    prepare: (name: string) => post('/api/files/prepare', { name }),
    /** POSTs `parts` (one by default) as multipart field `file` to the upload address. */
    upload: (uploadUrl: string, parts: { bytes: Buffer; filename: string; contentType: string }[]) => {
      let req = b.agent.post(uploadUrl).set('x-csrf-token', b.csrf);
      for (const p of parts) req = req.attach('file', p.bytes, { filename: p.filename, contentType: p.contentType });
      return req;
    },
    download: (fileId: string) => b.agent.get(`/api/files/${fileId}/download`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }),
  };
}

/** Prepares and uploads one file; answers its id (throws if the upload is refused). */
export async function uploadFile(b: Browser, bytes: Buffer, filename: string, contentType: string): Promise<string> {
  const c = calls(b);
  const prepared = await c.prepare(filename);
  if (prepared.status !== 200) throw new Error(`prepare: ${prepared.status} ${prepared.text}`);
  const uploaded = await c.upload(prepared.body.upload_url, [{ bytes, filename, contentType }]);
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${uploaded.text}`);
  return prepared.body.id as string;
}
