/**
 * A patient file opened through the caller's scope (care.patientFile(id)): what it is, how the
 * caller reaches it, queries already scoped to it, and THE one way a write to it records its
 * history entry (in the same transaction as the change, docs/architecture.md §7).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { formOccurrences, formResponses, forms, patientFileForms, patientFileHistory, patientFiles } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import type { HistoryKind } from '../../schemas/history.ts';
import { policies, type Who } from './access.ts';

export interface OpenedFileRow {
  id: string;
  patientId: string;
  serviceId: string;
  status: 'OPEN' | 'CLOSED' | 'AWAITING';
  establishmentId: string;
  /** How the caller reaches it: their own, as a caregiver, or as a professional of its service. */
  as: 'patient' | 'caregiver' | 'professional';
}

export interface PatientFileHandle extends Readonly<OpenedFileRow> {
  /** The patient the caller acts for: set when a caregiver acts (Medplum's onBehalfOf), else null. */
  readonly onBehalfOf: string | null;
  /** Conditions that keep a query on this file's rows (add them to any query of these tables). */
  readonly where: {
    assignments: SQL;
    responses: SQL;
  };
  /** Professionals of the file only (403 professionals_only for the patient and caregivers). */
  requireProfessional(): void;
  /** Marks one of the file's values entered in error (policies.patientData.marksEnteredInError): 403 professionals_only for the patient's side. */
  requireMarksEnteredInError(): void;
  /**
   * Every change to a file's content asks this first: a closed (or awaiting) file is read-only for
   * everyone (409 patient_file_closed). Only reopening, and the close itself, skip it.
   */
  requireOpen(): void;
  /**
   * Takes the file's row lock (FOR NO KEY UPDATE) until `tx` ends, then checks the file is still
   * open. A change that reads the file's records before it writes (one active reference value,
   * one identical rule, the thresholds' first set) takes it first: concurrent changes to one file
   * take turns, and the later one sees what the earlier one wrote (issue 19, "Races answered 500
   * or duplicated"). The lock lets other rows' foreign keys to the file through (FOR KEY SHARE),
   * and is the one measures take (measures/dates.ts lockFileForMeasures).
   */
  lockOpen(tx: Db): Promise<void>;
  /** The assignment of a form to this file, with the form; undefined when the form is not assigned here. */
  assignmentOf(formId: string): Promise<{ assignment: typeof patientFileForms.$inferSelect; form: typeof forms.$inferSelect } | undefined>;
  /** An occurrence of one of this file's assignments; undefined otherwise. */
  occurrence(id: string, assignmentId: string): Promise<typeof formOccurrences.$inferSelect | undefined>;
  /** Occurrences of this file's questionnaires with what is known of their responses, oldest first. */
  occurrences(): Promise<FileOccurrence[]>;
  /** Records the history entry of a change to this file, inside the transaction that makes the change. */
  recordHistory(tx: Db, kind: HistoryKind, payload: object, options?: { onBehalfOf?: string | null }): Promise<void>;
}

export interface FileOccurrence {
  id: string; startAt: Date; endAt: Date; limitAt: Date; lostAt: Date | null; formId: string; active: boolean; answered: boolean; started: boolean;
}

export function patientFileHandle(db: Db, caller: Who & { userId: string }, now: () => Date, row: OpenedFileRow): PatientFileHandle {
  const assignments = eq(patientFileForms.patientFileId, row.id);
  return {
    ...row,
    onBehalfOf: row.as === 'caregiver' ? row.patientId : null,
    where: { assignments, responses: eq(formResponses.patientFileId, row.id) },

    requireProfessional() {
      if (row.as !== 'professional') throw new AppError(403, 'professionals_only');
      // Reached as a professional means through a patient-data privilege; checked again from the grants (no query).
      if (!policies.patientData.inEstablishment(caller, row.establishmentId)) throw notFound();
    },

    requireMarksEnteredInError() {
      if (row.as !== 'professional') throw new AppError(403, 'professionals_only');
      if (!policies.patientData.marksEnteredInError(caller, row.establishmentId, row.serviceId)) throw notFound();
    },

    requireOpen() {
      if (row.status !== 'OPEN') throw new AppError(409, 'patient_file_closed');
    },

    async lockOpen(tx) {
      const [locked] = await tx.select({ status: patientFiles.status }).from(patientFiles).where(eq(patientFiles.id, row.id)).for('no key update');
      if (!locked) throw notFound();
      // Closed while this change waited for the lock: read-only from now on.
      if (locked.status !== 'OPEN') throw new AppError(409, 'patient_file_closed');
    },

    async assignmentOf(formId) {
      const [found] = await db.select({ assignment: patientFileForms, form: forms }).from(patientFileForms)
        .innerJoin(forms, eq(forms.id, patientFileForms.formId))
        .where(and(assignments, eq(patientFileForms.formId, formId)));
      return found;
    },

    async occurrence(id, assignmentId) {
      const [found] = await db.select({ o: formOccurrences }).from(formOccurrences)
        .innerJoin(patientFileForms, eq(patientFileForms.id, formOccurrences.patientFileFormId))
        .where(and(assignments, eq(formOccurrences.id, id), eq(formOccurrences.patientFileFormId, assignmentId)));
      return found?.o;
    },

    occurrences() {
      return db.select({
        id: formOccurrences.id, startAt: formOccurrences.startAt, endAt: formOccurrences.endAt, limitAt: formOccurrences.limitAt,
        lostAt: formOccurrences.lostAt, formId: patientFileForms.formId, active: patientFileForms.active,
        answered: sql<boolean>`exists (select 1 from ${formResponses} r where r.occurrence_id = ${formOccurrences.id} and r.answered_at is not null)`,
        started: sql<boolean>`exists (select 1 from ${formResponses} r where r.occurrence_id = ${formOccurrences.id} and r.started_at is not null and r.answered_at is null)`,
      }).from(formOccurrences).innerJoin(patientFileForms, eq(patientFileForms.id, formOccurrences.patientFileFormId))
        .where(assignments).orderBy(asc(formOccurrences.startAt));
    },

    async recordHistory(tx, kind, payload, options = {}) {
      await tx.insert(patientFileHistory).values({
        patientFileId: row.id, type: kind, actorId: caller.userId, onBehalfOfId: options.onBehalfOf ?? null, occurredAt: now(), payload,
      });
    },
  };
}
