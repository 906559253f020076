/**
 * A new answer holds nothing the patient did not choose: every kind of question starts empty
 * unless its schema says `default` (issue 8: a required yes/no radio started on "Non").
 */
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { createCfworkerValidator } from '../../../../client/lib/json-schema-form/cfworker-validator.ts';
import { withHiddenConstDefaults } from '../../../../client/lib/json-schema-form/hidden-const-defaults.ts';
import { NO_ANSWER_DEFAULTS } from '../../../../client/lib/json-schema-form/no-answer-defaults.ts';
import { corpusFiles } from '../../../helpers/form-corpus.ts';

const validator = createCfworkerValidator((k) => k);

function defaultsOf(schema: RJSFSchema, uiSchema: object = {}, formData: object = {}) {
  const prepared = withHiddenConstDefaults(schema, uiSchema) as RJSFSchema;
  return createSchemaUtils(validator, prepared, NO_ANSWER_DEFAULTS).getDefaultFormState(prepared, formData);
}

/** One required question of each kind a questionnaire can show (the widget is the UI schema's). */
const EVERY_KIND: Record<string, RJSFSchema> = {
  booleanRadio: { type: 'boolean' },
  booleanCheckbox: { type: 'boolean' },
  booleanSelect: { type: 'boolean' },
  booleanOneOf: { type: 'boolean', oneOf: [{ const: true, title: 'Oui' }, { const: false, title: 'Non' }] },
  consent: { type: 'boolean', const: true },
  enumRadio: { type: 'string', enum: ['a', 'b'] },
  enumSelect: { type: 'string', enum: ['a', 'b'] },
  oneOfChoice: { type: 'string', oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] },
  numberEnum: { type: 'integer', enum: [0, 1, 2, 3] },
  checkboxes: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, uniqueItems: true, minItems: 1 },
  number: { type: 'number', minimum: 0, maximum: 10 },
  integer: { type: 'integer' },
  scale: { type: 'integer', minimum: 0, maximum: 10 },
  date: { type: 'string', format: 'date' },
  text: { type: 'string' },
};
const UI = {
  booleanRadio: { 'ui:widget': 'radio' }, booleanCheckbox: { 'ui:widget': 'checkbox' }, booleanSelect: { 'ui:widget': 'select' },
  enumRadio: { 'ui:widget': 'radio' }, numberEnum: { 'ui:widget': 'radio' }, checkboxes: { 'ui:widget': 'checkboxes' }, scale: { 'ui:widget': 'range' },
};

describe('a new answer holds only what the schema says by default', () => {
  it.each(Object.entries(EVERY_KIND))('a required %s question starts empty', (name, question) => {
    const schema: RJSFSchema = { type: 'object', required: [name], properties: { [name]: question } };
    // A list of boxes starts with none ticked (rjsf gives a required array `[]`: nothing chosen).
    expect(defaultsOf(schema, { [name]: (UI as Record<string, object>)[name] ?? {} })).toEqual(question.type === 'array' ? { [name]: [] } : {});
  });

  it.each(Object.entries(EVERY_KIND).filter(([, q]) => q.type !== 'array' && !('const' in q)))('a %s question with a default starts on it', (name, question) => {
    const value = (question.enum?.[1] ?? (question.oneOf?.[1] as { const: unknown } | undefined)?.const
      ?? { boolean: true, number: 4.5, integer: 3, string: question.format === 'date' ? '2026-11-01' : 'x' }[question.type as string]) as RJSFSchema['default'];
    const schema: RJSFSchema = { type: 'object', required: [name], properties: { [name]: { ...question, default: value } } };
    expect(defaultsOf(schema)).toEqual({ [name]: value });
  });

  it('the demo heart-failure questionnaire starts with nothing answered (its yes/no questions are radios)', () => {
    const hf = corpusFiles().find((c) => c.id === 'heart-failure-daily' && c.scope === 'default')!.json;
    expect(defaultsOf(hf.schema as RJSFSchema, hf.uiSchema as object)).toEqual({});
  });

  it('every corpus questionnaire starts with only its schema defaults', () => {
    for (const { file, json } of corpusFiles()) {
      const text = JSON.stringify(defaultsOf(json.schema as RJSFSchema, json.uiSchema as object));
      // false/0 are never a default of the corpus: seen here, rjsf answered for the patient.
      expect(text, file).not.toMatch(/:false|:0[,}]/);
    }
  });
});
