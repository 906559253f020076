/**
 * A patient's conditions (issue 10 §4): read and changed through the file handle (care.patientFile);
 * one condition's screen is read by the clinical staff of its file's service (care.readsConditionsOf),
 * chosen among the pathologies of the file's establishment. Every change asks requireOpen() and
 * records its history entry (CONDITION_ADDED, CONDITION_REMOVED) in the transaction that makes it.
 *
 * Order of the checks: the ids first (the file, then the pathology or condition: 404, so that no
 * answer tells a record of someone else's exists), then who asks (professionals of the file), then
 * the file's state (409 when closed), then the values.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import { pathologies, patientConditions, patientFiles, services, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import {
  CONDITION_NOTE_MAX, CONDITION_NOTE_MIN, type Condition, type ConditionBody, type ConditionDetail, type Pathology,
} from '../../../schemas/conditions.ts';
import { isFullDate } from '../../../schemas/patient-form/dates.ts';
import type { CareContext } from '../context.ts';

type PathologyRow = typeof pathologies.$inferSelect;

const toPathology = (p: PathologyRow): Pathology => ({
  id: p.id, slug: p.slug, name: p.name as Pathology['name'], description: (p.description ?? null) as Pathology['description'],
});

const creator = alias(users, 'condition_creator');

const conditionFields = {
  condition: patientConditions,
  pathology: pathologies,
  creatorId: creator.id,
  creatorName: sql<string | null>`${creator.firstName} || ' ' || ${creator.lastName}`,
};

type Found = { condition: typeof patientConditions.$inferSelect; pathology: PathologyRow; creatorId: string | null; creatorName: string | null };

function toCondition(r: Found): Condition {
  const c = r.condition;
  return {
    id: c.id, patientFileId: c.patientFileId, pathology: toPathology(r.pathology),
    diagnosedOn: c.diagnosedOn ?? null, note: c.note ?? null, createdAt: c.createdAt.toISOString(),
    createdBy: r.creatorId ? { id: r.creatorId, name: r.creatorName ?? '' } : null,
  };
}

const selectConditions = (care: CareContext) => care.db.select(conditionFields).from(patientConditions)
  .innerJoin(pathologies, eq(pathologies.id, patientConditions.pathologyId))
  .leftJoin(creator, eq(creator.id, patientConditions.createdBy));

/** Today in the caller's time zone (YYYY-MM-DD): a diagnosis is not dated after it. */
const todayOf = (care: CareContext) => DateTime.fromJSDate(care.now(), { zone: care.timeZone }).toISODate()!;

export function conditionsRepository(care: CareContext) {
  return {
    async pathologies(establishmentId: string): Promise<{ data: Pathology[] }> {
      await care.clinical(establishmentId);
      const rows = await care.db.select().from(pathologies).where(eq(pathologies.establishmentId, establishmentId)).orderBy(asc(pathologies.slug));
      const sorted = rows.map(toPathology)
        .sort((a, b) => (a.name[care.language] || a.name.fr).localeCompare(b.name[care.language] || b.name.fr, care.language));
      return { data: sorted };
    },

    async list(fileId: string): Promise<{ data: Condition[] }> {
      const file = await care.patientFile(fileId);
      file.requireProfessional();
      const rows = await selectConditions(care).where(eq(patientConditions.patientFileId, file.id)).orderBy(asc(patientConditions.createdAt), asc(patientConditions.id));
      return { data: rows.map(toCondition) };
    },

    async add(fileId: string, body: ConditionBody): Promise<Condition> {
      const file = await care.patientFile(fileId);
      const [pathology] = await care.db.select().from(pathologies)
        .where(and(eq(pathologies.id, body.pathologyId), eq(pathologies.establishmentId, file.establishmentId)));
      if (!pathology) throw new AppError(404, 'not_found', {}, 'body.pathologyId');
      file.requireProfessional();
      file.requireOpen();
      const diagnosedOn = body.diagnosedOn?.trim() || undefined;
      if (diagnosedOn !== undefined) {
        if (!isFullDate(diagnosedOn)) throw badRequest('date_invalid', {}, 'body.diagnosedOn');
        if (diagnosedOn > todayOf(care)) throw badRequest('date_in_future', {}, 'body.diagnosedOn');
      }
      const note = body.note?.trim() || undefined;
      if (note !== undefined && note.length < CONDITION_NOTE_MIN) throw badRequest('value_too_short', { min: CONDITION_NOTE_MIN }, 'body.note');
      if (note !== undefined && note.length > CONDITION_NOTE_MAX) throw badRequest('value_too_long', { max: CONDITION_NOTE_MAX }, 'body.note');

      const id = await care.db.transaction(async (tx) => {
        const [row] = await tx.insert(patientConditions).values({
          patientFileId: file.id, pathologyId: pathology.id, diagnosedOn: diagnosedOn ?? null, note: note ?? null, createdBy: care.userId,
          createdAt: care.now(),
        }).onConflictDoNothing().returning({ id: patientConditions.id });
        if (!row) throw new AppError(409, 'condition_already_present', {}, 'body.pathologyId');
        await file.recordHistory(tx, 'CONDITION_ADDED', { conditionId: row.id, pathologyId: pathology.id, slug: pathology.slug, name: pathology.name, diagnosedOn: diagnosedOn ?? null });
        return row.id;
      });
      const [created] = await selectConditions(care).where(eq(patientConditions.id, id));
      return toCondition(created!);
    },

    async remove(fileId: string, conditionId: string): Promise<void> {
      const file = await care.patientFile(fileId);
      const [found] = await care.db.select({ id: patientConditions.id, pathology: pathologies }).from(patientConditions)
        .innerJoin(pathologies, eq(pathologies.id, patientConditions.pathologyId))
        .where(and(eq(patientConditions.id, conditionId), eq(patientConditions.patientFileId, file.id)));
      if (!found) throw notFound();
      file.requireProfessional();
      file.requireOpen();
      await care.db.transaction(async (tx) => {
        const gone = await tx.delete(patientConditions).where(eq(patientConditions.id, found.id)).returning({ id: patientConditions.id });
        // Removed meanwhile by someone else: nothing to record.
        if (!gone.length) throw notFound();
        await file.recordHistory(tx, 'CONDITION_REMOVED', { conditionId: found.id, pathologyId: found.pathology.id, slug: found.pathology.slug, name: found.pathology.name });
      });
    },

    /**
     * The condition screen: for the clinical staff of the file's service or establishment (spec 000
     * §2 condition/:id), the manager included, who opens no file; 404 for anyone else.
     */
    async get(conditionId: string): Promise<ConditionDetail> {
      const [found] = await selectConditions(care).where(eq(patientConditions.id, conditionId));
      if (!found) throw notFound();
      const [about] = await care.db.select({
        status: patientFiles.status, serviceId: services.id, serviceName: services.name, establishmentId: services.establishmentId,
        patient: { id: users.id, firstName: users.firstName, lastName: users.lastName, usedName: users.usedName, birthDate: users.birthDate },
      }).from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId)).innerJoin(users, eq(users.id, patientFiles.patientId))
        .where(eq(patientFiles.id, found.condition.patientFileId));
      if (!about) throw notFound();
      if (!care.readsConditionsOf({ id: about.serviceId, establishmentId: about.establishmentId })) {
        // The patient and caregivers of the file are told it is for professionals; anyone else, not found.
        (await care.patientFile(found.condition.patientFileId)).requireProfessional();
        throw notFound();
      }
      return {
        condition: toCondition(found),
        patientFile: { id: found.condition.patientFileId, status: about.status, serviceName: about.serviceName, establishmentId: about.establishmentId, patient: about.patient },
      };
    },
  };
}
