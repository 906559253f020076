/** The questionnaires of an establishment, for its professionals (the assignment dialog's list). */
import { and, asc, eq } from 'drizzle-orm';
import type { FormDefinition } from '../../../schemas/form.ts';
import type { FormSummary } from '../../../schemas/form-api.ts';
import { forms, formVersions } from '../../db/schema.ts';
import type { CareContext } from '../context.ts';
import { textIn } from './form-rows.ts';

export async function formsOfEstablishment(care: CareContext, establishmentId: string): Promise<FormSummary[]> {
  await care.establishment(establishmentId);
  const rows = await care.db.select({ form: forms, definition: formVersions.definition }).from(forms)
    .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
    .where(eq(forms.establishmentId, establishmentId)).orderBy(asc(forms.name));
  return rows.map(({ form, definition }) => ({
    id: form.id, reference: form.reference, name: textIn((definition as FormDefinition).name, care.language),
    submissionType: form.submissionType, version: form.currentVersion,
  }));
}
