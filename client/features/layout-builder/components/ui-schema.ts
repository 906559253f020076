/**
 * The props form's labels, from the editor's translations: each property by its name, a
 * localized text as "same text in every language" / "a text per language" (fr, en, ar), markdown
 * content as a text area. The schema itself is left as is.
 */
import type { UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';

type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema; oneOf?: Schema[]; required?: string[] };

const isLocalizedText = (s: Schema) => Array.isArray(s.oneOf) && s.oneOf.length === 2 && s.oneOf[1]?.required?.[0] === 'fr';
const LONG_TEXT = new Set(['content', 'description']);

function fieldUi(name: string, schema: Schema, t: TFunction): UiSchema {
  const title = t(`layoutBuilder.fields.${name}`, { defaultValue: name });
  if (isLocalizedText(schema)) {
    const widget = LONG_TEXT.has(name) ? { 'ui:widget': 'textarea' } : {};
    const perLanguage = Object.fromEntries(['fr', 'en', 'ar'].map((l) => [l, { 'ui:title': t(`layoutBuilder.fields.${l}`), ...widget }]));
    return { 'ui:title': title, oneOf: [{ 'ui:title': t('layoutBuilder.fields.sameText'), ...widget }, { 'ui:title': t('layoutBuilder.fields.perLanguage'), ...perLanguage }] };
  }
  if (schema.items) return { 'ui:title': title, items: objectUi(schema.items, t) };
  return { 'ui:title': title };
}

function objectUi(schema: Schema, t: TFunction): UiSchema {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, fieldUi(name, property, t)]));
}

export function uiSchemaFor(schema: object, t: TFunction): UiSchema {
  return { ...objectUi(schema as Schema, t), 'ui:submitButtonOptions': { norender: true } };
}
