/**
 * Puts provisioned questionnaires into the database, per establishment: for each reference the
 * closest file wins (establishment identifier > brand > default). A changed file makes a new
 * version; responses keep the version they were answered in. Run at start and after every
 * change of a form file, one run at a time.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { establishments, forms, formVersions } from '../db/schema.ts';
import { textIn, type LocalizedText } from '../../schemas/localized-text.ts';
import type { ProvisionedFiles, ProvisionedForm } from '../shared/provisioned-files.ts';

export const frenchText = (text: LocalizedText): string => textIn(text, 'fr') ?? '';

async function upsert(db: Db, establishmentId: string, form: ProvisionedForm): Promise<void> {
  const { definition, hash } = form;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form:${establishmentId}:${definition.reference}`}))`);
    const [existing] = await tx.select().from(forms).where(and(eq(forms.establishmentId, establishmentId), eq(forms.reference, definition.reference)));
    const values = { name: frenchText(definition.name), submissionType: definition.submissionType, source: `provisioned:${form.file}` };
    if (!existing) {
      const [created] = await tx.insert(forms).values({ establishmentId, reference: definition.reference, currentVersion: 1, ...values }).returning({ id: forms.id });
      await tx.insert(formVersions).values({ formId: created!.id, version: 1, definition, hash });
      return;
    }
    const [current] = await tx.select({ id: formVersions.id, hash: formVersions.hash, definition: formVersions.definition }).from(formVersions)
      .where(and(eq(formVersions.formId, existing.id), eq(formVersions.version, existing.currentVersion)));
    if (current?.hash === hash) {
      // Same content. A version stored while definitions were jsonb (before migration 0005) has
      // its keys sorted: it gets the file's order back, which is its author's.
      if (JSON.stringify(current.definition) !== JSON.stringify(definition)) await tx.update(formVersions).set({ definition }).where(eq(formVersions.id, current.id));
      return;
    }
    const version = existing.currentVersion + 1;
    await tx.insert(formVersions).values({ formId: existing.id, version, definition, hash });
    await tx.update(forms).set({ ...values, currentVersion: version }).where(eq(forms.id, existing.id));
  });
}

export interface FormSync {
  /** Runs after any run already under way; errors are logged, never thrown at the caller. */
  sync(): Promise<void>;
}

const syncs = new WeakMap<ProvisionedFiles, FormSync>();

/**
 * The sync of these files, once started. `await questionnaireSyncOf(files).sync()` resolves after
 * every run already asked for: tests wait on it for a file change to be in the database.
 */
export const questionnaireSyncOf = (files: ProvisionedFiles): FormSync | undefined => syncs.get(files);

export function formSync(db: Db, files: ProvisionedFiles, log: FastifyBaseLogger): FormSync {
  let running: Promise<void> = Promise.resolve();

  async function run(): Promise<void> {
    const all = files.allForms();
    const problems = new Map<string, string>();
    for (const est of await db.select({ id: establishments.id, identifier: establishments.identifier, brand: establishments.brand, name: establishments.name }).from(establishments)) {
      const rank = (scope: string) => [est.identifier, est.brand, 'default'].indexOf(scope);
      const chosen = new Map<string, ProvisionedForm>();
      for (const form of all) {
        const r = rank(form.scope);
        if (r < 0) continue;
        const other = chosen.get(form.definition.reference);
        if (!other || r < rank(other.scope)) chosen.set(form.definition.reference, form);
      }
      for (const form of chosen.values()) {
        try {
          await upsert(db, est.id, form);
        } catch (error) {
          // Another questionnaire of the establishment has this French name (a reference is one form: the lock above).
          if (!isUniqueViolation(error, 'forms_name_idx')) throw error;
          problems.set(form.file, `NOT_UNIQUE_ERROR: /name '${frenchText(form.definition.name)}' is already used by another questionnaire of ${est.name}`);
        }
      }
    }
    for (const form of all) files.report(form.file, problems.get(form.file));
    for (const [file, error] of problems) log.error({ file, error }, 'provisioned questionnaire not loaded');
  }

  const syncer: FormSync = {
    sync(): Promise<void> {
      running = running.then(run).catch((err) => log.error({ err }, 'questionnaire sync failed'));
      return running;
    },
  };
  syncs.set(files, syncer);
  return syncer;
}
