/**
 * The closed copy of a questionnaire's schema that answers are checked against (issue 8,
 * Security 5): unknown properties refused at every level the answers are made of, names of every
 * branch counted as defined, the author's own choices kept, texts bounded, the author's schema untouched.
 */
import { describe, expect, it } from 'vitest';
import { answersAjv } from '../../server/shared/answers-ajv.ts';
import { closedAnswersSchema } from '../../server/care/forms/closed-schema.ts';
import { MAX_ANSWER_TEXT } from '../../server/care/forms/limits.ts';

const ajv = answersAjv();
const check = (schema: object) => {
  const validate = ajv.compile(closedAnswersSchema(schema));
  return (answers: unknown) => (validate(answers) ? [] : validate.errors!.map((e) => `${e.instancePath}:${e.keyword}:${(e.params as { additionalProperty?: string }).additionalProperty ?? ''}`));
};

describe('closedAnswersSchema', () => {
  it('refuses unknown properties at the top, in groups, in list items and in $ref definitions', () => {
    const validate = check({
      type: 'object',
      definitions: { dose: { type: 'object', properties: { value: { type: 'number' } } } },
      properties: {
        group: { type: 'object', properties: { a: { type: 'string' } } },
        list: { type: 'array', items: { type: 'object', properties: { b: { type: 'integer' } } } },
        dose: { $ref: '#/definitions/dose' },
      },
    });
    expect(validate({ group: { a: 'x' }, list: [{ b: 1 }], dose: { value: 2 } })).toEqual([]);
    expect(validate({ extra: 1 })).toEqual([':additionalProperties:extra']);
    expect(validate({ group: { a: 'x', z: 1 } })).toEqual(['/group:additionalProperties:z']);
    expect(validate({ list: [{ b: 1 }, { c: 2 }] })).toEqual(['/list/1:additionalProperties:c']);
    expect(validate({ dose: { value: 2, unit: 'mg' } })).toEqual(['/dose:additionalProperties:unit']);
  });

  it('counts the names of every branch (oneOf, if/then/else, dependencies) as defined', () => {
    const validate = check({
      type: 'object',
      properties: { smoker: { type: 'boolean' }, kind: { enum: ['a', 'b'] } },
      dependencies: { smoker: { oneOf: [{ properties: { smoker: { const: true }, packs: { type: 'number' } } }, { properties: { smoker: { const: false } } }] } },
      if: { properties: { kind: { const: 'a' } } },
      then: { properties: { aOnly: { type: 'string' } } },
      else: { properties: { bOnly: { type: 'string' } } },
    });
    expect(validate({ smoker: true, packs: 3, kind: 'a', aOnly: 'x' })).toEqual([]);
    // A name of the branch not chosen is still a question of the form: kept, not refused.
    expect(validate({ smoker: false, packs: 3, kind: 'b', aOnly: 'x', bOnly: 'y' })).toEqual([]);
    expect(validate({ smoker: false, other: 1 })).toEqual([':additionalProperties:other']);
  });

  it("keeps the author's additionalProperties, patternProperties, and definitions mixed into another object", () => {
    const validate = check({
      type: 'object',
      definitions: { base: { properties: { id: { type: 'string' } } } },
      properties: {
        free: { type: 'object', additionalProperties: true },
        tagged: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
        mixed: { type: 'object', allOf: [{ $ref: '#/definitions/base' }], properties: { own: { type: 'string' } } },
      },
    });
    expect(validate({ free: { anything: 1 }, tagged: { other: 2 }, mixed: { id: 'i', own: 'o' } })).toEqual([]);
    expect(validate({ mixed: { id: 'i', own: 'o', stray: 1 } })).toEqual(['/mixed:additionalProperties:stray']);
  });

  it('bounds texts without a maxLength of their own, keeps those with one, and leaves the author\'s schema as it was', () => {
    const schema = { type: 'object', properties: { note: { type: 'string' }, short: { type: 'string', maxLength: 20000 } } };
    const before = JSON.stringify(schema);
    const validate = check(schema);
    expect(validate({ note: 'a'.repeat(MAX_ANSWER_TEXT) })).toEqual([]);
    expect(validate({ note: 'a'.repeat(MAX_ANSWER_TEXT + 1) })).toEqual(['/note:maxLength:']);
    expect(validate({ short: 'a'.repeat(MAX_ANSWER_TEXT + 1) })).toEqual([]);
    expect(JSON.stringify(schema)).toBe(before);
  });
});
