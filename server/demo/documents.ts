/**
 * Demo documents (issue 20 §1): Camille Martin's open file (patient.open) holds documents of
 * several types — a telemonitoring prescription and an analysis report from the care team, a
 * therapeutic video link, and a PDF she sent herself that waits for a professional's
 * acknowledgement — so that My Documents, the file's documents tab and the acknowledgement can be
 * tried at once. The bytes go through the storage like any upload (database or S3), so this runs
 * once the gateway has its storage, after the demo world; idempotent by its system-state key.
 */
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documents, fileAttachments, files, patientFileHistory, patientFiles, systemState, users } from '../db/schema.ts';
import type { Storage } from '../storage/index.ts';
import type { HistoryKind } from '../../schemas/history.ts';
import type { DocumentType } from '../../schemas/documents.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

const STATE_KEY = 'demo_documents_at';
const DAY = 86_400_000;

/** A one-page PDF saying `text`, with the byte offsets readers expect in its xref table. */
export function demoPdf(text: string): Buffer {
  const content = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(Buffer.byteLength(body, 'latin1')); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoDocument {
  title: string; type: DocumentType; by: 'patient' | 'professional'; daysAgo: number;
  pdf?: { name: string; text: string }; link?: string; acknowledged: boolean; visibleToCaregivers: boolean;
  startDate?: number; endDate?: number;
  /** The title of the earlier document of the list this one renews (a prescription's renewal). */
  renews?: string;
}

const DOCUMENTS: DemoDocument[] = [
  { title: 'Prescription de télésurveillance', type: 'TELEMONITORING_PRESCRIPTION', by: 'professional', daysAgo: 60,
    pdf: { name: 'prescription-telesurveillance.pdf', text: 'Prescription de telesurveillance - insuffisance cardiaque' }, acknowledged: true, visibleToCaregivers: true, startDate: -60, endDate: 120 },
  { title: 'Compte rendu de consultation', type: 'REPORT', by: 'professional', daysAgo: 30,
    pdf: { name: 'compte-rendu-consultation.pdf', text: 'Compte rendu de consultation de cardiologie' }, acknowledged: true, visibleToCaregivers: false },
  { title: 'Vidéo : peser et noter son poids', type: 'THERAPEUTIC_DOCUMENT', by: 'professional', daysAgo: 20,
    link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', acknowledged: true, visibleToCaregivers: true },
  // Ends in ten days, not renewed: the prescriber's Prescriptions screen has one to renew.
  { title: 'Ordonnance : furosémide 40 mg', type: 'MEDICATION_PRESCRIPTION', by: 'professional', daysAgo: 80,
    pdf: { name: 'ordonnance-furosemide.pdf', text: 'Ordonnance - furosemide 40 mg, 1 comprime le matin' }, acknowledged: true, visibleToCaregivers: true, startDate: -80, endDate: 10 },
  // Expires in five days, already renewed: "expires in 5 days" in the list, linked to the next one, nothing to do.
  { title: 'Prescription : kinésithérapie', type: 'PRESCRIPTION', by: 'professional', daysAgo: 85,
    pdf: { name: 'prescription-kine.pdf', text: 'Prescription - 20 seances de kinesitherapie' }, acknowledged: true, visibleToCaregivers: true, startDate: -85, endDate: 5 },
  { title: 'Prescription : kinésithérapie (suite)', type: 'PRESCRIPTION', by: 'professional', daysAgo: 3, renews: 'Prescription : kinésithérapie',
    pdf: { name: 'prescription-kine-suite.pdf', text: 'Prescription - 20 seances de kinesitherapie, suite' }, acknowledged: true, visibleToCaregivers: true, startDate: 6, endDate: 96 },
  { title: 'Résultats de prise de sang', type: 'ANALYSIS_RESULTS', by: 'patient', daysAgo: 2,
    pdf: { name: 'bilan-sanguin.pdf', text: 'Bilan sanguin - NT-proBNP, creatinine, kaliemie' }, acknowledged: false, visibleToCaregivers: true },
];

const day = (now: Date, offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);

export async function provisionDemoDocuments(db: Db, storage: Storage, now: Date = new Date()): Promise<'provisioned' | 'skipped'> {
  const [state] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  if (state) return 'skipped';
  const emailOf = (prefix: string) => DEMO_ACCOUNTS.find((a) => a.email.startsWith(`${prefix}@`))!.email;
  const [patient] = await db.select({ id: users.id }).from(users).where(eq(users.email, emailOf('patient.open')));
  const [prescriber] = await db.select({ id: users.id }).from(users).where(eq(users.email, emailOf('prescriber')));
  if (!patient || !prescriber) return 'skipped';
  const [file] = await db.select({ id: patientFiles.id }).from(patientFiles)
    .where(and(eq(patientFiles.patientId, patient.id), eq(patientFiles.status, 'OPEN'))).orderBy(asc(patientFiles.createdAt)).limit(1);
  if (!file) return 'skipped';

  // The bytes first (the storage is not in the transaction); a failed transaction leaves them unreferenced, as an abandoned upload does.
  const stored = await Promise.all(DOCUMENTS.map(async (d) => {
    if (!d.pdf) return undefined;
    const bytes = demoPdf(d.pdf.text);
    return { ...(await storage.put(Readable.from([bytes]))), name: d.pdf.name };
  }));
  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const [i, d] of DOCUMENTS.entries()) {
      const at = new Date(now.getTime() - d.daysAgo * DAY);
      const author = d.by === 'patient' ? patient.id : prescriber.id;
      const s = stored[i];
      const [upload] = s ? await tx.insert(files).values({
        uploaderId: author, name: s.name, mimeType: 'application/pdf', size: s.size, storageKey: s.key, createdAt: at, uploadedAt: at,
      }).returning({ id: files.id }) : [undefined];
      const renews = d.renews ? ids.get(d.renews)! : null;
      const [doc] = await tx.insert(documents).values({
        renewsDocumentId: renews,
        patientFileId: file.id, type: d.type, title: d.title, fileId: upload?.id ?? null, externalUrl: upload ? null : d.link!,
        startDate: d.startDate !== undefined ? day(now, d.startDate) : null, endDate: d.endDate !== undefined ? day(now, d.endDate) : null,
        visibleToPatient: true, visibleToCaregivers: d.visibleToCaregivers, source: d.by, createdBy: author, createdAt: at,
        acknowledgedAt: d.acknowledged ? at : null, acknowledgedBy: d.acknowledged ? prescriber.id : null,
      }).returning({ id: documents.id });
      ids.set(d.title, doc!.id);
      if (upload) await tx.insert(fileAttachments).values({ fileId: upload.id, ownerKind: 'document', ownerId: doc!.id, patientFileId: file.id, createdAt: at });
      await tx.insert(patientFileHistory).values({
        patientFileId: file.id, type: 'DOCUMENT_ADDED' satisfies HistoryKind, actorId: author, occurredAt: at, payload: { documentId: doc!.id, title: d.title, ...(renews ? { renews } : {}) },
      });
    }
    await tx.insert(systemState).values({ key: STATE_KEY, value: now.toISOString() });
  });
  return 'provisioned';
}
