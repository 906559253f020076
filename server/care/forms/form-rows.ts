/**
 * What every questionnaire operation of a patient file reads the same way (issue 17: the former
 * formsRepository split by operation): a form's name in the call's language, a form of an
 * establishment, one version of a form, and the 409 they answer.
 */
import { and, eq } from 'drizzle-orm';
import type { FormDefinition } from '../../../schemas/form.ts';
import type { ErrorCode } from '../../../schemas/errors.ts';
import { textIn as localized } from '../../../schemas/localized-text.ts';
import type { Db } from '../../db/client.ts';
import { forms, formVersions } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';

/** A questionnaire's name in the call's language (the shared fallback); every definition has a name. */
export const textIn = (text: FormDefinition['name'], language: string): string => localized(text, language) ?? '';

export const conflict = (code: ErrorCode, params?: Record<string, string | number>) => new AppError(409, code, params);

/** Another establishment's form is not found, like an unknown one: answering otherwise would tell that it exists. */
export async function formOfEstablishment(db: Db, formId: string, establishmentId: string) {
  const [form] = await db.select().from(forms).where(and(eq(forms.id, formId), eq(forms.establishmentId, establishmentId)));
  if (!form) throw notFound();
  return form;
}

export async function formVersion(db: Db, formId: string, version: number) {
  const [row] = await db.select().from(formVersions).where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
  if (!row) throw notFound();
  return row;
}
