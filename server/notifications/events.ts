/**
 * Who is told what, for the events that exist today (issue 20 §5): each called by the code that
 * makes the event happen, in its transaction, and each going through notify().
 *
 * Declared and not sent yet: APPOINTMENT_REMINDER (the appointments' reminder job), RELEASE_NOTES (publishing
 * release notes), QUESTIONNAIRE_DUE (an occurrence becoming available is computed when read,
 * server/care/forms/planning.ts, never written: a job that records it would call notify()).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { caregivers, patientFiles } from '../db/schema.ts';
import { calledAtLevels, professionalsOfFile } from '../care/access.ts';
import { notify } from './notify.ts';

interface AddedDocument {
  id: string; patientFileId: string; createdBy: string;
  source: 'patient' | 'caregiver' | 'professional';
  visibleToPatient: boolean; visibleToCaregivers: boolean;
}

/**
 * A document added: from the patient's side, the file's professionals are told; from a
 * professional, the patient and the caregivers it is visible to.
 */
export async function documentAdded(tx: Db, doc: AddedDocument, at: Date): Promise<void> {
  let recipients: string[];
  if (doc.source !== 'professional') {
    recipients = await professionalsOfFile(tx, doc.patientFileId);
  } else {
    recipients = [];
    if (doc.visibleToPatient) {
      const [file] = await tx.select({ patientId: patientFiles.patientId }).from(patientFiles).where(eq(patientFiles.id, doc.patientFileId));
      if (file) recipients.push(file.patientId);
    }
    if (doc.visibleToCaregivers) {
      const rows = await tx.select({ userId: caregivers.userId }).from(caregivers).where(eq(caregivers.patientFileId, doc.patientFileId));
      recipients.push(...rows.map((r) => r.userId));
    }
  }
  await notify(tx, { type: 'NEW_DOCUMENT', recipients, patientFileId: doc.patientFileId, subject: { documentId: doc.id }, author: doc.createdBy, at });
}

/** The patient and the caregivers of a file: the patient's side of its conversation and documents. */
async function patientSideOf(tx: Db, patientFileId: string): Promise<string[]> {
  const [file] = await tx.select({ patientId: patientFiles.patientId }).from(patientFiles).where(eq(patientFiles.id, patientFileId));
  const rows = await tx.select({ userId: caregivers.userId }).from(caregivers).where(eq(caregivers.patientFileId, patientFileId));
  return [...(file ? [file.patientId] : []), ...rows.map((r) => r.userId)];
}

/**
 * A message sent in a file's conversation (server/care/messages/sent.ts): the patient's side
 * (the patient and her caregivers) is told of every message it did not write; the file's
 * professionals are told of the patient's side's messages, not of each other's (they answer
 * for the team, and see the conversation's unread count).
 */
export async function messageSentTo(tx: Db, message: { id: string; patientFileId: string; authorId: string; authorRole: 'patient' | 'caregiver' | 'professional' }, at: Date): Promise<void> {
  const recipients = await patientSideOf(tx, message.patientFileId);
  if (message.authorRole !== 'professional') recipients.push(...await professionalsOfFile(tx, message.patientFileId));
  await notify(tx, { type: 'NEW_MESSAGE', recipients, patientFileId: message.patientFileId, subject: { messageId: message.id }, author: message.authorId, at });
}

/** A document of the patient's side acknowledged: whoever added it (the patient or a caregiver) is told. */
export async function documentAcknowledged(tx: Db, doc: AddedDocument, by: string, at: Date): Promise<void> {
  if (doc.source === 'professional') return;
  await notify(tx, { type: 'DOCUMENT_ACKNOWLEDGED', recipients: [doc.createdBy], patientFileId: doc.patientFileId, subject: { documentId: doc.id }, author: by, at });
}

/**
 * Alerts raised as one batch: the professionals called at the alerts' intervention levels in the
 * file's service (person_intervention_levels) are told once per batch; an alert without a level
 * calls no one. A questionnaire unanswered past its limit (NON_COMPLIANCE_FORM) also tells the
 * patient that it is late.
 */
export async function alertsRaised(
  tx: Db, file: { id: string; serviceId: string }, batch: { batchId: string; alertIds: string[] },
  raised: readonly { kind: string; levelId?: string | null; occurrenceId?: string | null }[], at: Date,
): Promise<void> {
  const levelIds = [...new Set(raised.map((a) => a.levelId).filter((id): id is string => !!id))];
  const called = await calledAtLevels(tx, file.serviceId, levelIds);
  await notify(tx, { type: 'ALERT', recipients: called, patientFileId: file.id, subject: { alertBatchId: batch.batchId, alertId: batch.alertIds[0]! }, at });
  const late = raised.find((a) => a.kind === 'NON_COMPLIANCE_FORM' && a.occurrenceId);
  if (late) {
    const [row] = await tx.select({ patientId: patientFiles.patientId }).from(patientFiles).where(eq(patientFiles.id, file.id));
    if (row) await notify(tx, { type: 'QUESTIONNAIRE_LATE', recipients: [row.patientId], patientFileId: file.id, subject: { occurrenceId: late.occurrenceId! }, at });
  }
}
