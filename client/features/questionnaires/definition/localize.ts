/**
 * A questionnaire in one language. Integrators write the texts in French in the schema and give
 * the others in `translations` by JSON Pointer into the schema (`/properties/pain/title`) or,
 * prefixed with `ui:`, into the UI schema (`ui:/temperature/ui:help`). The definition itself is
 * never changed: the overlay works on a copy.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Expression, FormDefinition } from '../../../../schemas/form.ts';
import { textIn, type LocalizedText } from '../../../../schemas/localized-text.ts';
import { parsePointer } from '../../../lib/json-schema-form/pointer.ts';
import { isLanguage, type Language } from '../../../lib/languages.ts';

export interface LocalizedComputed { name: string; title: string; unit?: string; decimals?: number; expression: Expression }

export interface LocalizedForm {
  language: Language;
  name: string;
  description?: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  computed: LocalizedComputed[];
  files: NonNullable<FormDefinition['files']>;
}

/** The text of `language`, else the French one, else the first one given (schemas/localized-text.ts). */
export { textIn };

/**
 * The language to show a questionnaire in: the route's locale, else the interface's, when the
 * questionnaire has it; else French, the usual language of its schema, when it has it; else its
 * first language. A form written only in Arabic opened in the French interface is in Arabic:
 * right to left, with Arabic messages (it has no French texts to show).
 */
export function formLanguage(definition: Pick<FormDefinition, 'languages'>, interfaceLanguage: string, routeLocale?: string): Language {
  const offered = definition.languages as readonly string[];
  for (const candidate of [routeLocale, interfaceLanguage, 'fr']) {
    if (isLanguage(candidate) && offered.includes(candidate)) return candidate;
  }
  return isLanguage(offered[0]) ? offered[0] : 'fr';
}

/** Sets `value` at `path` inside `root`; `create`: makes missing objects (UI schema), else skips (schema). */
function setAt(root: Record<string, unknown>, path: readonly string[], value: string, create: boolean): boolean {
  if (path.length === 0) return false;
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') {
      if (!create) return false;
      node[key] = {};
    }
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return true;
}

/** The schema and UI schema with the texts of `language` laid over them. Unknown pointers are ignored. */
export function applyTranslations(schema: object, uiSchema: object | undefined, texts: Record<string, string> | undefined) {
  const out = { schema: structuredClone(schema) as Record<string, unknown>, uiSchema: structuredClone(uiSchema ?? {}) as Record<string, unknown> };
  for (const [key, value] of Object.entries(texts ?? {})) {
    try {
      if (key.startsWith('ui:')) setAt(out.uiSchema, parsePointer(key.slice(3)), value, true);
      else setAt(out.schema, parsePointer(key), value, false);
    } catch {
      // A malformed key: the server's contract refuses them; never crash a patient's form for one.
    }
  }
  return out;
}

export function localizeDefinition(definition: FormDefinition, language: Language): LocalizedForm {
  const texts = (definition.translations as Partial<Record<Language, Record<string, string>>> | undefined)?.[language];
  const { schema, uiSchema } = applyTranslations(definition.schema, definition.uiSchema, texts);
  return {
    language,
    name: textIn(definition.name as LocalizedText, language) ?? '',
    description: textIn(definition.description as LocalizedText | undefined, language),
    schema: schema as RJSFSchema,
    uiSchema: uiSchema as UiSchema,
    computed: (definition.computed ?? []).map((c) => ({ ...c, title: textIn(c.title, language) ?? c.name })),
    files: definition.files ?? [],
  };
}
