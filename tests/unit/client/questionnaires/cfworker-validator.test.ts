/**
 * The client's validator (no code generation, for the strict CSP) agrees with the server's ajv
 * on the corpus, and says each error on the right field, in the form's language.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { createCfworkerValidator } from '../../../../client/lib/json-schema-form/cfworker-validator.ts';
import { validatorFor } from '../../../../server/care/forms/answers.ts';
import { corpusFiles, sampleAnswer } from '../../../helpers/form-corpus.ts';
import { localizeDefinition } from '../../../../client/features/questionnaires/definition/localize.ts';
import type { Language } from '../../../../client/lib/languages.ts';
import type { FormDefinition } from '../../../../schemas/form.ts';

const FILE_ID = '11111111-1111-4111-8111-111111111111';
const translate = (key: string, options?: Record<string, unknown>) =>
  `${key.replace('jsonSchemaForm.errors.', '')}${options && 'limit' in options ? `(${String(options.limit)})` : ''}`;
const validator = createCfworkerValidator(translate);
const corpus = corpusFiles().filter((c) => c.scope === 'default');
const schemaOf = (id: string) => corpus.find((c) => c.id === id)!.json.schema as RJSFSchema;

/** `property → message` of the errors rjsf would show. */
function errorsOf(id: string, answers: unknown) {
  const { errors } = validator.validateFormData(answers, schemaOf(id));
  return Object.fromEntries(errors.map((e) => [e.property, e.message]));
}

describe('createCfworkerValidator', () => {
  it.each(corpus.map((c) => [c.id]))('accepts the sample answer of %s, as the server does', (id) => {
    const answers = sampleAnswer(id, { '<file:image/png>': FILE_ID, '<file:application/pdf>': FILE_ID });
    expect(validatorFor(`test-${id}`, schemaOf(id))(answers)).toBe(true);
    expect(errorsOf(id, answers)).toEqual({});
  });

  const post = (over: Record<string, unknown>) => ({ ...sampleAnswer('post-operative-follow-up'), ...over });
  const showcase = (over: Record<string, unknown>) => ({ ...sampleAnswer('schema-showcase'), ...over });

  it.each<[string, string, unknown, Record<string, string>]>([
    ['a missing required answer', 'phq-9', { q1: 1 }, { '.q2': 'required', '.q3': 'required', '.q4': 'required', '.q5': 'required', '.q6': 'required', '.q7': 'required', '.q8': 'required', '.q9': 'required' }],
    ['undefined counts as unanswered (rjsf clears fields to undefined)', 'post-operative-follow-up', post({ pain: undefined }), { '.pain': 'required' }],
    ['a value above maximum, with the limit', 'post-operative-follow-up', post({ temperature: 45 }), { '.temperature': 'maximum(43)' }],
    ['a value below minimum', 'post-operative-follow-up', post({ pain: -1 }), { '.pain': 'minimum(0)' }],
    ['if/then: a photo when the wound is not clean', 'post-operative-follow-up', post({ woundPhoto: undefined }), { '.woundPhoto': 'required' }],
    ['if/then: no photo needed when clean', 'post-operative-follow-up', post({ woundAspect: 'clean', woundPhoto: undefined }), {}],
    ['a choice outside the list', 'post-operative-follow-up', post({ woundAspect: 'green' }), { '.woundAspect': 'choice' }],
    ['too long a text', 'post-operative-follow-up', post({ comment: 'x'.repeat(501) }), { '.comment': 'maxLength(500)' }],
    ['dependencies (schema): pack-years for a smoker, on packYears', 'schema-showcase', showcase({ smoker: 'current', packYears: undefined }), { '.packYears': 'required' }],
    ['dependencies: a non-smoker needs no pack-years', 'schema-showcase', showcase({ smoker: 'never', packYears: undefined }), {}],
    ['dependencies (names): the phone of the person to contact', 'schema-showcase', showcase({ emergencyContactPhone: undefined }), { '.emergencyContactPhone': 'required' }],
    ['$ref: the pattern of a referenced definition', 'schema-showcase', showcase({ emergencyContactPhone: 'call me' }), { '.emergencyContactPhone': 'pattern' }],
    ['nested object: required inside', 'schema-showcase', showcase({ identity: { birthDate: '1958-03-14' } }), { '.identity.firstName': 'required' }],
    ['oneOf of objects: the chosen branch speaks', 'schema-showcase', showcase({ identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'phone' } } }), { '.identity.contact.phone': 'required' }],
    ['format date', 'schema-showcase', showcase({ identity: { firstName: 'A', birthDate: '14/03/1958' } }), { '.identity.birthDate': 'formatDate' }],
    ['arrays: an item field', 'schema-showcase', showcase({ medications: [{ name: 'B', dose: 1, unit: 'mg' }] }), { '.medications.0.name': 'minLength(2)' }],
    ['exclusiveMinimum', 'schema-showcase', showcase({ medications: [{ name: 'Bi', dose: 0, unit: 'mg' }] }), { '.medications.0.dose': 'exclusiveMinimum(0)' }],
    ['uniqueItems', 'schema-showcase', showcase({ symptoms: ['cough', 'cough'] }), { '.symptoms': 'uniqueItems' }],
    ['if/then/else on the root: imperial bounds', 'schema-showcase', showcase({ units: 'imperial', height: 168 }), { '.height': 'maximum(100)' }],
    ['const true: a box to tick', 'schema-showcase', showcase({ consent: false }), { '.consent': 'mustBeChecked' }],
    ['a number where text was typed', 'heart-failure-daily', { ...sampleAnswer('heart-failure-daily'), weight: 'abc' }, { '.weight': 'typeNumber' }],
  ])('%s', (_label, id, answers, expected) => {
    expect(errorsOf(id, answers)).toEqual(expected);
    // The server's ajv agrees that it is (in)valid.
    expect(validatorFor(`test-${id}`, schemaOf(id))(JSON.parse(JSON.stringify(answers)))).toBe(Object.keys(expected).length === 0);
  });

  it("says an author's patternMessage, in the form's language, for a refused pattern or format (beside the keyword or on the question pointing at a shared definition)", () => {
    const definition = {
      name: { fr: 'Contact' }, languages: ['fr', 'en', 'ar'],
      schema: {
        type: 'object',
        definitions: { phone: { type: 'string', pattern: '^\\+?[0-9 ]{6,}$' } },
        properties: {
          code: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{2}$', patternMessage: 'Trois lettres, un tiret, deux chiffres (ABC-12)' },
          phone: { $ref: '#/definitions/phone', patternMessage: 'Un numéro de téléphone, chiffres et espaces' },
          visit: { type: 'string', format: 'date', patternMessage: 'La date de la visite, jour/mois/année' },
          plain: { type: 'string', pattern: '^[0-9]+$' },
        },
      },
      translations: {
        en: { '/properties/code/patternMessage': 'Three letters, a dash, two digits (ABC-12)', '/properties/phone/patternMessage': 'A phone number, digits and spaces', '/properties/visit/patternMessage': 'The visit date, day/month/year' },
        ar: { '/properties/code/patternMessage': 'ثلاثة أحرف وشرطة ورقمان (ABC-12)', '/properties/phone/patternMessage': 'رقم هاتف، أرقام ومسافات', '/properties/visit/patternMessage': 'تاريخ الزيارة، يوم/شهر/سنة' },
      },
    } as unknown as FormDefinition;
    const answers = { code: 'abc', phone: 'call me', visit: '31/02/1990', plain: 'x' };
    const expected = {
      fr: ['Trois lettres, un tiret, deux chiffres (ABC-12)', 'Un numéro de téléphone, chiffres et espaces', 'La date de la visite, jour/mois/année'],
      en: ['Three letters, a dash, two digits (ABC-12)', 'A phone number, digits and spaces', 'The visit date, day/month/year'],
      ar: ['ثلاثة أحرف وشرطة ورقمان (ABC-12)', 'رقم هاتف، أرقام ومسافات', 'تاريخ الزيارة، يوم/شهر/سنة'],
    } as const;
    for (const [language, [code, phone, visit]] of Object.entries(expected)) {
      const { schema } = localizeDefinition(definition, language as Language);
      const messages = Object.fromEntries(validator.validateFormData(answers, schema).errors.map((e) => [e.property, e.message]));
      // Without a patternMessage, the generic message, never the regular expression.
      expect(messages).toEqual({ '.code': code, '.phone': phone, '.visit': visit, '.plain': 'pattern' });
    }
  });

  it('isValid resolves a sub-schema\'s $ref against the root (rjsf asks it to pick oneOf branches)', () => {
    const root = schemaOf('schema-showcase');
    const sub = { properties: { emergencyContactPhone: { $ref: '#/definitions/phone' } } } as RJSFSchema;
    expect(validator.isValid(sub, { emergencyContactPhone: '+33 6 12 34 56 78' }, root)).toBe(true);
    expect(validator.isValid(sub, { emergencyContactPhone: 'no' }, root)).toBe(false);
  });

  it('never generates code: it works where `new Function` throws (the strict CSP)', () => {
    const original = globalThis.Function;
    globalThis.Function = function () { throw new EvalError('Refused to evaluate a string as JavaScript') } as unknown as FunctionConstructor;
    try {
      const fresh = createCfworkerValidator(translate);
      expect(fresh.validateFormData({ q1: 1 }, schemaOf('phq-9')).errors.length).toBeGreaterThan(0);
    } finally {
      globalThis.Function = original;
    }
  });
});
