/**
 * What a history entry names, in the caller's language: an entry keeps the ids it was written
 * with (a questionnaire's id or reference, a condition's pathology id or slug), and a page of
 * entries is given the questionnaire's name (its current version's definition, every language)
 * and the condition's label (the pathology's localised name), so the tab never shows "HF-DAILY"
 * or "asthma". Two reads by primary or unique key, only for the kinds on the page that need them.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { forms, formVersions, pathologies } from '../../db/schema.ts';
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import type { CareContext } from '../context.ts';

type Payload = Record<string, unknown>;
interface Entry { kind: string; payload: Payload }

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const isForm = (e: Entry) => e.kind.startsWith('FORM_');
const isCondition = (e: Entry) => e.kind === 'CONDITION_ADDED' || e.kind === 'CONDITION_REMOVED';

export async function withNames<E extends Entry>(care: CareContext, establishmentId: string, entries: E[]): Promise<E[]> {
  const formEntries = entries.filter(isForm);
  const conditionEntries = entries.filter(isCondition);
  const formIds = [...new Set(formEntries.flatMap((e) => str(e.payload.formId) ?? []))];
  const formRefs = [...new Set(formEntries.flatMap((e) => str(e.payload.reference) ?? []))];
  const pathologyIds = [...new Set(conditionEntries.flatMap((e) => str(e.payload.pathologyId) ?? []))];
  const slugs = [...new Set(conditionEntries.flatMap((e) => str(e.payload.slug) ?? []))];

  const formRows = formIds.length || formRefs.length
    ? await care.db.select({ id: forms.id, reference: forms.reference, definition: formVersions.definition }).from(forms)
      .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
      .where(and(eq(forms.establishmentId, establishmentId), or(
        formIds.length ? inArray(forms.id, formIds) : undefined, formRefs.length ? inArray(forms.reference, formRefs) : undefined)))
    : [];
  const pathologyRows = pathologyIds.length || slugs.length
    ? await care.db.select({ id: pathologies.id, slug: pathologies.slug, name: pathologies.name }).from(pathologies)
      .where(and(eq(pathologies.establishmentId, establishmentId), or(
        pathologyIds.length ? inArray(pathologies.id, pathologyIds) : undefined, slugs.length ? inArray(pathologies.slug, slugs) : undefined)))
    : [];
  const formName = (e: Entry) => {
    const row = formRows.find((f) => f.id === e.payload.formId) ?? formRows.find((f) => f.reference === e.payload.reference);
    return row && textIn((row.definition as { name?: LocalizedText }).name, care.language);
  };
  const conditionName = (e: Entry) => {
    const row = pathologyRows.find((p) => p.id === e.payload.pathologyId) ?? pathologyRows.find((p) => p.slug === e.payload.slug);
    return row ? textIn(row.name as LocalizedText, care.language) : textIn(e.payload.name as LocalizedText | undefined, care.language);
  };
  return entries.map((e) => {
    const name = isForm(e) ? formName(e) : isCondition(e) ? conditionName(e) : undefined;
    if (!name) return e;
    return { ...e, payload: { ...e.payload, ...(isForm(e) ? { formName: name } : { name }) } };
  });
}
