/**
 * Demo questionnaires: assigned once, after the provisioned forms are in the database (the
 * gateway syncs them at start), so that the demo patients' My Tasks are not empty.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { establishments, formOccurrences, forms, formVersions, patientFileForms, patientFileHistory, patientFiles, services, systemState, users } from '../db/schema.ts';
import type { FormDefinition } from '../../schemas/form.ts';
import type { HistoryKind } from '../../schemas/history.ts';
import { occurrencesFrom } from '../care/forms/planning.ts';

const STATE_KEY = 'demo_assignments_at';

/** Patient (demo e-mail local part) → references of the questionnaires assigned to their open file. */
export const DEMO_ASSIGNMENTS: Record<string, string[]> = {
  'patient.open': ['HF-DAILY', 'POST-OP', 'PHQ-9'],
  'patient.multi': ['GAD-7'],
};

export async function provisionDemoAssignments(db: Db, now: Date = new Date()): Promise<'provisioned' | 'skipped'> {
  const [state] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  if (state) return 'skipped';
  await db.transaction(async (tx) => {
    for (const [local, references] of Object.entries(DEMO_ASSIGNMENTS)) {
      const [file] = await tx.select({ id: patientFiles.id, establishmentId: establishments.id, timeZone: establishments.timeZone }).from(patientFiles)
        .innerJoin(users, eq(users.id, patientFiles.patientId)).innerJoin(services, eq(services.id, patientFiles.serviceId))
        .innerJoin(establishments, eq(establishments.id, services.establishmentId))
        .where(and(eq(users.email, `${local}@demo.telesuivi.test`), eq(patientFiles.status, 'OPEN')));
      if (!file) continue;
      for (const reference of references) {
        const [form] = await tx.select({ id: forms.id, definition: formVersions.definition }).from(forms)
          .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
          .where(and(eq(forms.establishmentId, file.establishmentId), eq(forms.reference, reference)));
        if (!form) continue;
        const [assignment] = await tx.insert(patientFileForms).values({ patientFileId: file.id, formId: form.id, assignedAt: now })
          .onConflictDoNothing().returning({ id: patientFileForms.id });
        if (!assignment) continue;
        const planning = (form.definition as FormDefinition).planning;
        if (planning) await tx.insert(formOccurrences).values(occurrencesFrom(now, planning, file.timeZone).map((o) => ({ ...o, patientFileFormId: assignment.id })));
        // Provisioning has no caller (no care context, no actor): the entry is written here, of a kind from the typed list.
        await tx.insert(patientFileHistory).values({ patientFileId: file.id, type: 'FORM_ASSIGNED' satisfies HistoryKind, occurredAt: now, payload: { formId: form.id, reference } });
      }
    }
    await tx.insert(systemState).values({ key: STATE_KEY, value: now.toISOString() });
  });
  return 'provisioned';
}
