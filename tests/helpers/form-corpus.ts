/**
 * The questionnaire corpus under layouts/<scope>/forms/, with what tests need around it: a valid
 * sample answer per form (file questions hold a placeholder the API tests replace with a file
 * they uploaded), JSON Pointer resolution for `translations`, and the texts a form must
 * translate.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormDefinition } from '../../schemas/form.ts';

export const LAYOUTS = fileURLToPath(new URL('../../layouts', import.meta.url));

export interface CorpusFile { scope: string; file: string; id: string; json: FormDefinition }

/** Every layouts/<scope>/forms/<id>.json, in a stable order. */
export function corpusFiles(root = LAYOUTS): CorpusFile[] {
  const out: CorpusFile[] = [];
  for (const scope of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const dir = path.join(root, scope, 'forms');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      out.push({ scope, file: `${scope}/forms/${file}`, id: file.replace(/\.json$/, ''), json: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) });
    }
  }
  return out;
}

/** Placeholder of a file answer: the API tests upload a file of this type and put its id here. */
export const FILE_PLACEHOLDER = { png: '<file:image/png>', jpeg: '<file:image/jpeg>', pdf: '<file:application/pdf>' } as const;
const A_FILE_ID = '6f1c2a3e-9b8d-4e7f-a1b2-c3d4e5f60718';

/** A complete, valid answer of each corpus form (by form id). */
export const SAMPLE_ANSWERS: Record<string, Record<string, unknown>> = {
  'heart-failure-daily': { weight: 72.4, usualWeight: 70, breathless: true, swollenAnkles: false, nightCough: true, pillows: 2, comment: 'Un peu plus essoufflé en montant les escaliers.' },
  'phq-9': { q1: 1, q2: 2, q3: 0, q4: 3, q5: 1, q6: 0, q7: 2, q8: 0, q9: 0, difficulty: 1 },
  'gad-7': { q1: 2, q2: 1, q3: 3, q4: 0, q5: 1, q6: 2, q7: 0, difficulty: 2 },
  'post-operative-follow-up': {
    pain: 4, painkillers: true, temperature: 38.6, woundAspect: 'red', woundPhoto: FILE_PLACEHOLDER.png,
    dressingChanged: false, letter: FILE_PLACEHOLDER.pdf, comment: 'La cicatrice tire un peu.',
  },
  'schema-showcase': {
    identity: { firstName: 'Camille', birthDate: '1958-03-14', contact: { channel: 'email', email: 'camille.martin@example.org' } },
    emergencyContactName: 'Paul Martin', emergencyContactPhone: '+33 6 12 34 56 78',
    units: 'metric', height: 168, weight: 71.5, smoker: 'former', packYears: 12, alcoholDays: 3, drinksPerDay: 2,
    medications: [
      { name: 'Bisoprolol', dose: 2.5, unit: 'mg', times: ['morning'] },
      { name: 'Furosémide', dose: 40, unit: 'mg', times: ['morning', 'noon'] },
    ],
    symptoms: ['cough', 'breathlessness'],
    pain: { hasPain: true, location: 'Genou droit', intensity: 3 },
    consent: true,
  },
};

/** The sample with its placeholders replaced (by a fixed id, or by `ids`). */
export function sampleAnswer(formId: string, ids: Partial<Record<string, string>> = {}): Record<string, unknown> {
  const sample = SAMPLE_ANSWERS[formId];
  if (!sample) throw new Error(`no sample answer for the corpus form ${formId}: add one to tests/helpers/form-corpus.ts`);
  return JSON.parse(JSON.stringify(sample), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith('<file:') ? (ids[value] ?? A_FILE_ID) : value) as Record<string, unknown>;
}

/** RFC 6901: the node a pointer names, or undefined. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A translation key: a pointer into `schema`, or `ui:` and a pointer into `uiSchema`. */
export function resolveTranslationKey(form: FormDefinition, key: string): unknown {
  return key.startsWith('ui:') ? resolvePointer(form.uiSchema ?? {}, key.slice(3)) : resolvePointer(form.schema, key);
}

const SCHEMA_TEXTS = new Set(['title', 'description']);
const UI_TEXTS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The translation keys of every text a reader sees: titles and descriptions anywhere in the
 * answers' schema (options of oneOf, definitions and dependencies included), and the texts of
 * the UI schema.
 */
export function textKeys(form: FormDefinition): string[] {
  const keys: string[] = [];
  const walk = (node: unknown, pointer: string, texts: Set<string>, prefix: string) => {
    if (Array.isArray(node)) { node.forEach((child, i) => walk(child, `${pointer}/${i}`, texts, prefix)); return; }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escape(key)}`;
      // Names of properties are data keys, never texts: `properties.title` is a question named title.
      const isPropertyMap = /\/(properties|definitions|dependencies)$/.test(pointer);
      if (!isPropertyMap && texts.has(key) && typeof value === 'string') keys.push(`${prefix}${at}`);
      else if (key !== 'const' && key !== 'default' && key !== 'enum' && key !== 'examples') walk(value, at, texts, prefix);
    }
  };
  walk(form.schema, '', SCHEMA_TEXTS, '');
  walk(form.uiSchema ?? {}, '', UI_TEXTS, 'ui:');
  return keys;
}

/** The localized texts of the definition itself: name, description, titles of computed values. */
export function definitionTexts(form: FormDefinition): [string, unknown][] {
  return [
    ['/name', form.name],
    ...(form.description !== undefined ? [['/description', form.description] as [string, unknown]] : []),
    ...(form.computed ?? []).map((c, i) => [`/computed/${i}/title`, c.title] as [string, unknown]),
  ];
}
