/**
 * Demo conversations (issue 20 §4): the demo patients' files hold a few messages, so that the
 * messaging screens, the dashboard's conversations block and the unread counts can be tried at
 * once — Camille Martin (patient.open) with her caregiver and her prescriber, with a photo she sent
 * (an image attachment) and a PDF from the prescriber, the last message unread by the team;
 * Yasmine Haddad (patient.multi) with the Tilleuls' operator; Louis Bernard's closed file keeps its
 * conversation, read only. The bytes go through the storage like any upload (database or S3), so
 * this runs once the gateway has its storage, after the demo world; idempotent by its
 * system-state key.
 */
import { Readable } from 'node:stream';
import { deflateSync, crc32 } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { caregivers, fileAttachments, files, messageReads, messages, patientFiles, systemState, users } from '../db/schema.ts';
import type { Storage } from '../storage/index.ts';
import type { MessageAuthorRole } from '../../schemas/messages.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { demoPdf } from './documents.ts';

const STATE_KEY = 'demo_messages_at';
const HOUR = 3_600_000;

/** A small PNG (a pink square with a darker band, as a photo of a wound dressing would be framed): built, not shipped as a binary. */
export function demoPng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // 8 bits per channel
  header[9] = 2; // RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const band = y > size / 3 && y < (2 * size) / 3;
    for (let x = 0; x < size; x++) {
      const at = y * (1 + size * 3) + 1 + x * 3;
      rows[at] = band ? 200 : 240; rows[at + 1] = band ? 120 : 200; rows[at + 2] = band ? 130 : 205;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Who = 'patient' | 'caregiver' | 'professional';
interface DemoMessage {
  by: Who; hoursAgo: number; text?: string;
  attachment?: { name: string; mimeType: 'image/png' | 'application/pdf'; bytes: () => Buffer };
}
interface DemoConversation {
  patient: string; professional: string; caregiver?: string; status: 'OPEN' | 'CLOSED';
  messages: DemoMessage[];
  /** The professional has read up to this message (index), the rest is unread for the team. */
  readByProfessionalUpTo?: number;
}

const CONVERSATIONS: DemoConversation[] = [
  {
    patient: 'patient.open', professional: 'prescriber', caregiver: 'caregiver', status: 'OPEN', readByProfessionalUpTo: 3,
    messages: [
      { by: 'professional', hoursAgo: 72, text: 'Bonjour Madame Martin, pensez à vous peser chaque matin à jeun cette semaine.' },
      { by: 'patient', hoursAgo: 70, text: 'Bonjour docteur, c\'est noté. Mes chevilles sont un peu gonflées le soir.' },
      { by: 'professional', hoursAgo: 50, text: 'Voici le compte rendu de votre dernière consultation.',
        attachment: { name: 'compte-rendu.pdf', mimeType: 'application/pdf', bytes: () => demoPdf('Compte rendu de consultation - cardiologie') } },
      { by: 'caregiver', hoursAgo: 26, text: 'Bonjour, c\'est Paul. Camille a bien reçu le document, merci.' },
      { by: 'patient', hoursAgo: 3, text: 'Voici une photo de ma cheville ce matin.',
        attachment: { name: 'cheville.png', mimeType: 'image/png', bytes: () => demoPng() } },
      { by: 'patient', hoursAgo: 2, text: 'Mon poids a augmenté de 1,5 kg depuis hier.' },
    ],
  },
  {
    patient: 'patient.multi', professional: 'pro.two', status: 'OPEN',
    messages: [
      { by: 'professional', hoursAgo: 30, text: 'Bonjour Madame Haddad, votre glycémie de ce matin est élevée. Avez-vous changé votre traitement ?' },
      { by: 'patient', hoursAgo: 5, text: 'Bonjour, non, mais j\'ai oublié ma dose d\'hier soir.' },
    ],
  },
  {
    patient: 'patient.closed', professional: 'pro.two', status: 'CLOSED', readByProfessionalUpTo: 1,
    messages: [
      { by: 'patient', hoursAgo: 24 * 40, text: 'Merci pour ce suivi.' },
      { by: 'professional', hoursAgo: 24 * 39, text: 'Avec plaisir, bonne continuation.' },
    ],
  },
];

export async function provisionDemoMessages(db: Db, storage: Storage, now: Date = new Date()): Promise<'provisioned' | 'skipped'> {
  const [state] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  if (state) return 'skipped';
  const idOf = async (local: string) => {
    const email = DEMO_ACCOUNTS.find((a) => a.email.startsWith(`${local}@`))?.email;
    if (!email) return undefined;
    return (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  };
  const plans: { file: string; authors: Record<Who, string | undefined>; conversation: DemoConversation }[] = [];
  for (const conversation of CONVERSATIONS) {
    const [patient, professional, caregiver] = await Promise.all([idOf(conversation.patient), idOf(conversation.professional), conversation.caregiver ? idOf(conversation.caregiver) : undefined]);
    if (!patient || !professional) continue;
    const [file] = await db.select({ id: patientFiles.id }).from(patientFiles)
      .where(and(eq(patientFiles.patientId, patient), eq(patientFiles.status, conversation.status))).orderBy(asc(patientFiles.createdAt)).limit(1);
    if (!file) continue;
    // A caregiver writes only on a file she follows.
    const follows = caregiver ? (await db.select().from(caregivers).where(and(eq(caregivers.patientFileId, file.id), eq(caregivers.userId, caregiver)))).length > 0 : false;
    plans.push({ file: file.id, authors: { patient, professional, caregiver: follows ? caregiver : undefined }, conversation });
  }
  if (plans.length === 0) return 'skipped';

  // The bytes first (the storage is not in the transaction); a failed transaction leaves them unreferenced, as an abandoned upload does.
  const stored = new Map<DemoMessage, { key: string; size: number }>();
  for (const { conversation } of plans) {
    for (const m of conversation.messages) if (m.attachment) stored.set(m, await storage.put(Readable.from([m.attachment.bytes()])));
  }
  await db.transaction(async (tx) => {
    for (const { file, authors, conversation } of plans) {
      const ids: string[] = [];
      for (const m of conversation.messages) {
        const author = authors[m.by];
        if (!author) continue;
        const at = new Date(now.getTime() - m.hoursAgo * HOUR);
        const s = stored.get(m);
        const [upload] = s && m.attachment ? await tx.insert(files).values({
          uploaderId: author, name: m.attachment.name, mimeType: m.attachment.mimeType, size: s.size, storageKey: s.key, createdAt: at, uploadedAt: at,
        }).returning({ id: files.id }) : [undefined];
        const [row] = await tx.insert(messages).values({
          patientFileId: file, authorId: author, authorRole: m.by satisfies MessageAuthorRole, text: m.text ?? null,
          fileId: upload?.id ?? null, attachmentKind: m.attachment ? (m.attachment.mimeType === 'image/png' ? 'image' : 'file') : null, createdAt: at,
        }).returning({ id: messages.id, createdAt: messages.createdAt });
        if (upload) await tx.insert(fileAttachments).values({ fileId: upload.id, ownerKind: 'message', ownerId: row!.id, patientFileId: file, createdAt: at });
        ids.push(row!.id);
      }
      const upTo = conversation.readByProfessionalUpTo;
      if (upTo !== undefined && ids[upTo]) {
        const [last] = await tx.select({ createdAt: messages.createdAt }).from(messages).where(eq(messages.id, ids[upTo]!));
        await tx.insert(messageReads).values({ userId: authors.professional!, patientFileId: file, lastReadAt: last!.createdAt, lastReadMessageId: ids[upTo]! });
      }
    }
    await tx.insert(systemState).values({ key: STATE_KEY, value: now.toISOString() });
  });
  return 'provisioned';
}
