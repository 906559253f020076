/**
 * Who is told what, for the events that exist today (issue 20 §5): each called by the code that
 * makes the event happen, in its transaction, and each going through notify().
 *
 * Declared and not sent yet: NEW_MESSAGE (the messaging feature calls notify() when a message is
 * stored), APPOINTMENT_REMINDER (the appointments' reminder job), RELEASE_NOTES (publishing
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
