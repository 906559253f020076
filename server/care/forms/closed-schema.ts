/**
 * Answers hold what the questionnaire asks, and no more (issue 8, Security 5): a 900 KB property
 * of HTML the form never defined was stored and served back. The schema an answer is checked
 * against is the author's, closed:
 *
 * - every object the answers are made of refuses properties the form does not define
 *   (`additionalProperties: false`), at any depth. "Defined" is every name the schema gives at that
 *   level, its conditional parts included (allOf/anyOf/oneOf, if/then/else, dependencies): a
 *   question shown by another branch is still a question of the form. An author who set
 *   `additionalProperties`, `unevaluatedProperties` or `patternProperties` on an object keeps
 *   their choice. An object given by `$ref` is closed in its definition, unless that definition
 *   is also mixed into another object (a `$ref` in allOf/anyOf/oneOf/if/then/else/dependencies),
 *   where closing it would refuse the other object's own questions.
 * - every text answer without a `maxLength` of its own is at most MAX_ANSWER_TEXT characters.
 *
 * The refusal is the validator's own (400 answer_invalid naming the property, answer-errors.ts);
 * nothing is removed from what the patient sent. The author's definition is not changed: this is
 * a copy, compiled once per version (answers.ts).
 */
import { MAX_ANSWER_TEXT } from './limits.ts';

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]) as string[];

/** Keywords whose subschemas apply to the same value (their properties are the same object's). */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_SINGLE = ['if', 'then', 'else'] as const;

export function closedAnswersSchema(schema: object): object {
  const root = structuredClone(schema) as Schema;

  const resolve = (ref: unknown): Schema | undefined => {
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
    let at: unknown = root;
    for (const part of ref.slice(2).split('/')) at = isSchema(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isSchema(at) ? at : undefined;
  };

  /** The property names a schema defines for the value it applies to, through its in-place branches. */
  function namesOf(s: Schema, seen = new Set<Schema>()): Set<string> {
    const names = new Set<string>();
    if (seen.has(s)) return names;
    seen.add(s);
    if (isSchema(s.properties)) for (const name of Object.keys(s.properties)) names.add(name);
    const branches: unknown[] = [
      ...IN_PLACE.flatMap((k) => (Array.isArray(s[k]) ? s[k] as unknown[] : [])),
      ...IN_PLACE_SINGLE.map((k) => s[k]),
      ...(isSchema(s.dependencies) ? Object.values(s.dependencies) : []),
      ...(isSchema(s.dependentSchemas) ? Object.values(s.dependentSchemas) : []),
      resolve(s.$ref),
    ];
    for (const branch of branches) if (isSchema(branch)) for (const name of namesOf(branch, seen)) names.add(name);
    return names;
  }

  /** Definitions mixed into another object through a branch: left open (see above). */
  const mixins = new Set<Schema>();
  (function scan(s: Schema, inBranch: boolean) {
    if (inBranch && '$ref' in s) { const target = resolve(s.$ref); if (target) mixins.add(target); }
    for (const [key, value] of Object.entries(s)) {
      const branch = (IN_PLACE as readonly string[]).includes(key) || (IN_PLACE_SINGLE as readonly string[]).includes(key) || key === 'dependencies' || key === 'dependentSchemas';
      const children = Array.isArray(value) ? value : isSchema(value) ? (['properties', 'patternProperties', 'definitions', '$defs', 'dependencies', 'dependentSchemas'].includes(key) ? Object.values(value) : [value]) : [];
      for (const child of children) if (isSchema(child)) scan(child, branch);
    }
  })(root, false);

  /** Walks a subschema; `owns` when it describes a value of its own (not a branch of its parent's). */
  function visit(s: Schema, owns: boolean): void {
    if (typesOf(s).includes('string') && s.maxLength === undefined) s.maxLength = MAX_ANSWER_TEXT;
    const describesObject = typesOf(s).includes('object') || isSchema(s.properties);
    const authorChose = 'additionalProperties' in s || 'unevaluatedProperties' in s || 'patternProperties' in s || '$ref' in s;
    if (owns && describesObject && !authorChose) {
      const properties = (isSchema(s.properties) ? s.properties : {}) as Schema;
      // A name defined only in a branch joins `properties` as `{}` (no constraint of its own), so
      // that `additionalProperties: false` lets it through.
      for (const name of namesOf(s)) if (!(name in properties)) properties[name] = {};
      s.properties = properties;
      s.additionalProperties = false;
    }
    for (const key of ['properties', 'patternProperties', 'definitions', '$defs'] as const) {
      if (isSchema(s[key])) for (const child of Object.values(s[key] as Schema)) if (isSchema(child)) visit(child, !mixins.has(child));
    }
    for (const key of ['additionalProperties', 'additionalItems', 'contains'] as const) if (isSchema(s[key])) visit(s[key] as Schema, true);
    if (Array.isArray(s.items)) for (const item of s.items) { if (isSchema(item)) visit(item, true); } else if (isSchema(s.items)) visit(s.items, true);
    for (const key of IN_PLACE) if (Array.isArray(s[key])) for (const branch of s[key] as unknown[]) if (isSchema(branch)) visit(branch, false);
    for (const key of [...IN_PLACE_SINGLE, 'not'] as const) if (isSchema(s[key])) visit(s[key] as Schema, false);
    for (const key of ['dependencies', 'dependentSchemas'] as const) {
      if (isSchema(s[key])) for (const branch of Object.values(s[key] as Schema)) if (isSchema(branch)) visit(branch, false);
    }
  }

  visit(root, true);
  return root;
}
