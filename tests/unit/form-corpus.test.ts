/**
 * Issue 5 §8: the questionnaire corpus under layouts/<scope>/forms/ as integrators write it.
 * Every file passes the contract the server applies (parseFormDefinition), its answers' schema
 * compiles (and in ajv's strict mode, so a misspelt keyword is caught), every translation
 * names a real text, every language a form lists has all its texts, computed values evaluate,
 * and the forms accept a valid answer and refuse wrong ones.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parseFormDefinition, FormInvalidError } from '../../server/shared/form-definitions.ts';
import { answersAjv } from '../../server/shared/answers-ajv.ts';
import { checkAnswers, validatorFor } from '../../server/care/forms/answers.ts';
import { computeAll, evaluate } from '../../schemas/computed.ts';
import type { FormDefinition } from '../../schemas/form.ts';
import {
  corpusFiles, definitionTexts, resolvePointer, resolveTranslationKey, sampleAnswer, SAMPLE_ANSWERS, textKeys,
} from '../helpers/form-corpus.ts';

const corpus = corpusFiles();
const byId = (id: string) => {
  const found = corpus.find((c) => c.id === id && c.scope === 'default');
  if (!found) throw new Error(`no corpus form ${id}`);
  return found.json;
};

describe('the corpus', () => {
  it('holds the questionnaires of issue 5 §8, and only files whose id is their name', () => {
    expect(corpus.map((c) => c.file)).toEqual(expect.arrayContaining([
      'default/forms/gad-7.json', 'default/forms/heart-failure-daily.json', 'default/forms/phq-9.json',
      'default/forms/post-operative-follow-up.json', 'default/forms/schema-showcase.json',
    ]));
    for (const c of corpus) expect(c.json.id, c.file).toBe(c.id);
  });

  it('has a PLANNED follow-up with a wound photo accepting png and jpeg only, and a pdf question', () => {
    const postOp = byId('post-operative-follow-up');
    expect(postOp.submissionType).toBe('PLANNED');
    expect(postOp.files).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'woundPhoto', accept: ['image/png', 'image/jpeg'] }),
      expect.objectContaining({ field: 'letter', accept: ['application/pdf'] }),
    ]));
  });

  it('has references and French names unique within a scope (NOT_UNIQUE_ERROR otherwise)', () => {
    for (const scope of new Set(corpus.map((c) => c.scope))) {
      const forms = corpus.filter((c) => c.scope === scope).map((c) => c.json);
      const names = forms.map((f) => (typeof f.name === 'string' ? f.name : f.name.fr).toLowerCase());
      expect(new Set(forms.map((f) => f.reference)).size, scope).toBe(forms.length);
      expect(new Set(names).size, scope).toBe(names.length);
    }
  });

  it('exercises nested objects, arrays of objects, labelled enums, dependencies, oneOf and if/then/else', () => {
    const all = JSON.stringify(corpus.map((c) => c.json.schema));
    const showcase = byId('schema-showcase').schema as Record<string, any>;
    expect(showcase.properties.identity.properties.contact.type).toBe('object');
    expect(showcase.properties.medications.items.type).toBe('object');
    expect(showcase.dependencies.smoker.oneOf).toHaveLength(2);
    expect(showcase.dependencies.emergencyContactName).toEqual(['emergencyContactPhone']);
    expect(showcase.if && showcase.then && showcase.else).toBeTruthy();
    expect(showcase.properties.pain.if && showcase.properties.pain.then).toBeTruthy();
    expect(all).toContain('"oneOf":[{"const":0,"title":"Jamais"}');
  });
});

describe.each(corpus.map((c) => [c.file, c] as const))('%s', (_file, { json }) => {
  it('passes the contract the server applies', () => {
    expect(() => parseFormDefinition(json)).not.toThrow();
  });

  it("has an answers' schema ajv compiles, even in strict mode (no unknown or misspelt keyword)", () => {
    expect(() => answersAjv().compile(json.schema)).not.toThrow();
    const strict = new Ajv({ strict: true, strictTypes: false, strictRequired: false, allErrors: true });
    addFormats.default(strict);
    expect(() => strict.compile(json.schema)).not.toThrow();
  });

  it('only translates texts that exist: every pointer resolves to a string of schema or uiSchema', () => {
    for (const [language, texts] of Object.entries(json.translations ?? {})) {
      for (const key of Object.keys(texts as object)) {
        expect(typeof resolveTranslationKey(json, key), `${language} ${key}`).toBe('string');
      }
    }
  });

  it('only names real answer properties in files and computed values, and file answers are strings', () => {
    for (const f of json.files ?? []) {
      expect(resolvePointer(json.schema, `/properties/${f.field}/type`), f.field).toBe('string');
    }
  });

  it('has a sample valid answer that its schema accepts, with every required question answered', () => {
    const validate = answersAjv().compile(json.schema);
    const answer = sampleAnswer(json.id);
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    for (const required of (json.schema as { required?: string[] }).required ?? []) expect(answer).toHaveProperty(required);
  });

  it('refuses an empty answer when it has required questions, and an answer that is not an object', () => {
    const validate = answersAjv().compile(json.schema);
    if ((json.schema as { required?: string[] }).required?.length) expect(validate({})).toBe(false);
    expect(validate([])).toBe(false);
    expect(validate('x')).toBe(false);
  });
});

describe('every language a form lists has its texts', () => {
  const table = corpus.flatMap((c) => c.json.languages.map((language) => [c.file, language, c.json] as const));
  it.each(table)('%s in %s', (_file, language, json) => {
    for (const [where, text] of definitionTexts(json)) {
      const value = typeof text === 'string' ? text : (text as Record<string, string | undefined>)[language];
      expect(value?.trim(), `${where} in ${language}`).toBeTruthy();
    }
    const keys = textKeys(json);
    expect(keys.length).toBeGreaterThan(0);
    if (language === 'fr') return; // French is written in the schema itself
    const translated = (json.translations as Record<string, Record<string, string>> | undefined)?.[language] ?? {};
    const missing = keys.filter((key) => !translated[key]?.trim());
    expect(missing, `untranslated in ${language}`).toEqual([]);
  });

  it('lists fr, en and ar in every corpus form', () => {
    for (const c of corpus) expect([...c.json.languages].sort(), c.file).toEqual(['ar', 'en', 'fr']);
  });
});

describe('the helpers of this test find what is missing', () => {
  const form = { ...byId('heart-failure-daily') } as FormDefinition;
  it('a pointer to nothing resolves to undefined; ~1 and ~0 are unescaped', () => {
    expect(resolveTranslationKey(form, '/properties/weight/title')).toBe('Poids du jour (kg)');
    expect(resolveTranslationKey(form, '/properties/nope/title')).toBeUndefined();
    expect(resolveTranslationKey(form, 'ui:/comment/ui:widget')).toBe('textarea');
    expect(resolvePointer({ 'a/b': { 'c~d': 1 } }, '/a~1b/c~0d')).toBe(1);
  });
  it('an untranslated title is listed among the texts', () => {
    const keys = textKeys({ ...form, schema: { ...form.schema, properties: { ...form.schema.properties, extra: { type: 'string', title: 'Nouveau' } } } } as FormDefinition);
    expect(keys).toContain('/properties/extra/title');
    expect(Object.keys(form.translations!.en!)).not.toContain('/properties/extra/title');
  });
  it('the contract refuses a file question on no property, and a computed value of an unknown field', () => {
    expect(() => parseFormDefinition({ ...form, files: [{ field: 'nope', accept: ['image/png'] }] })).toThrow(FormInvalidError);
    expect(() => parseFormDefinition({ ...form, computed: [{ name: 'x', title: 'x', expression: { field: 'nope' } }] })).toThrow(/computed\/0/);
  });
});

describe('computed values', () => {
  const all = (n: number, count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`q${i + 1}`, n]));
  const table: [string, string, Record<string, unknown>, Record<string, number | null>][] = [
    ['phq-9', 'every item at 3', all(3, 9), { total: 27 }],
    ['phq-9', 'every item at 0', all(0, 9), { total: 0 }],
    ['phq-9', 'the sample', sampleAnswer('phq-9'), { total: 9 }],
    ['phq-9', 'an item unanswered', { ...all(2, 8) }, { total: null }],
    ['gad-7', 'every item at 3', all(3, 7), { total: 21 }],
    ['gad-7', 'the sample', sampleAnswer('gad-7'), { total: 9 }],
    ['heart-failure-daily', 'the sample', sampleAnswer('heart-failure-daily'), { weightGain: 2.4, symptoms: 2 }],
    ['heart-failure-daily', 'usual weight unknown, no symptom', { weight: 70, breathless: false, swollenAnkles: false }, { weightGain: null, symptoms: 0 }],
    ['heart-failure-daily', 'weight lost', { weight: 68.25, usualWeight: 70, breathless: true, swollenAnkles: true, nightCough: true }, { weightGain: -1.8, symptoms: 3 }],
    ['post-operative-follow-up', 'fever', sampleAnswer('post-operative-follow-up'), { feverExcess: 0.6 }],
    ['post-operative-follow-up', 'no fever', { temperature: 37.2 }, { feverExcess: 0 }],
    ['schema-showcase', 'the sample', sampleAnswer('schema-showcase'), { drinksPerWeek: 6 }],
    ['schema-showcase', 'does not drink', { alcoholDays: 0, drinksPerDay: 0 }, { drinksPerWeek: 0 }],
  ];
  it.each(table)('%s: %s', (id, _case, answers, expected) => {
    expect(computeAll(byId(id).computed, answers)).toEqual(expected);
  });

  it('rounds halves away from zero, the same for a loss as for a gain', () => {
    const round = (value: number, decimals: number) => evaluate({ op: 'round', args: [{ value }, { value: decimals }] }, {});
    expect([round(1.25, 1), round(-1.25, 1), round(2.5, 0), round(-2.5, 0), round(-0.04, 1)]).toEqual([1.3, -1.3, 3, -3, 0]);
    expect(computeAll([{ name: 'gain', decimals: 1, expression: { op: '-', args: [{ field: 'a' }, { field: 'b' }] } }], { a: 68.25, b: 70 })).toEqual({ gain: -1.8 });
  });

  it('every computed value of the corpus gives a number on its sample answer', () => {
    for (const c of corpus) {
      for (const [name, value] of Object.entries(computeAll(c.json.computed, sampleAnswer(c.json.id)))) {
        expect(typeof value, `${c.file} ${name}`).toBe('number');
      }
    }
  });
});

describe('answers the server refuses (validatorFor, the validator of the answer route)', () => {
  const sample = (id: string) => sampleAnswer(id);
  const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
  const showcase = sample('schema-showcase');
  const table: [string, string, Record<string, unknown>, { keyword: string; instancePath?: string; missing?: string }][] = [
    ['phq-9', 'a score out of the scale', { ...sample('phq-9'), q1: 4 }, { keyword: 'oneOf', instancePath: '/q1' }],
    ['phq-9', 'a score as text', { ...sample('phq-9'), q2: '2' }, { keyword: 'type', instancePath: '/q2' }],
    ['phq-9', 'item 9 unanswered', without(sample('phq-9'), 'q9'), { keyword: 'required', missing: 'q9' }],
    ['gad-7', 'a half point', { ...sample('gad-7'), q3: 1.5 }, { keyword: 'type', instancePath: '/q3' }],
    ['heart-failure-daily', 'weight out of range', { ...sample('heart-failure-daily'), weight: 12 }, { keyword: 'minimum', instancePath: '/weight' }],
    ['heart-failure-daily', 'a yes/no as text', { ...sample('heart-failure-daily'), breathless: 'oui' }, { keyword: 'type', instancePath: '/breathless' }],
    ['post-operative-follow-up', 'pain above 10', { ...sample('post-operative-follow-up'), pain: 11 }, { keyword: 'maximum', instancePath: '/pain' }],
    ['post-operative-follow-up', 'an unknown wound aspect', { ...sample('post-operative-follow-up'), woundAspect: 'purple' }, { keyword: 'oneOf', instancePath: '/woundAspect' }],
    ['post-operative-follow-up', 'a red wound without photo (if/then)', without(sample('post-operative-follow-up'), 'woundPhoto'), { keyword: 'required', missing: 'woundPhoto' }],
    ['schema-showcase', 'nested: no first name', { ...showcase, identity: { birthDate: '1958-03-14' } }, { keyword: 'required', instancePath: '/identity', missing: 'firstName' }],
    ['schema-showcase', 'nested: not a date', { ...showcase, identity: { firstName: 'A', birthDate: '14/03/1958' } }, { keyword: 'format', instancePath: '/identity/birthDate' }],
    ['schema-showcase', 'oneOf: both contact channels', { ...showcase, identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'sms', phone: '0612345678' } } }, { keyword: 'oneOf', instancePath: '/identity/contact' }],
    ['schema-showcase', 'oneOf: a phone that is not one', { ...showcase, identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'phone', phone: 'call me' } } }, { keyword: 'pattern', instancePath: '/identity/contact/phone' }],
    ['schema-showcase', 'array: a treatment without unit', { ...showcase, medications: [{ name: 'Bisoprolol', dose: 2.5 }] }, { keyword: 'required', instancePath: '/medications/0', missing: 'unit' }],
    ['schema-showcase', 'array: a dose of 0', { ...showcase, medications: [{ name: 'Bisoprolol', dose: 0, unit: 'mg' }] }, { keyword: 'exclusiveMinimum', instancePath: '/medications/0/dose' }],
    ['schema-showcase', 'labelled multi-choice: twice the same symptom', { ...showcase, symptoms: ['cough', 'cough'] }, { keyword: 'uniqueItems', instancePath: '/symptoms' }],
    ['schema-showcase', 'labelled multi-choice: an unknown symptom', { ...showcase, symptoms: ['sneezing'] }, { keyword: 'oneOf', instancePath: '/symptoms/0' }],
    ['schema-showcase', 'dependencies (oneOf): a smoker without pack-years', without(showcase, 'packYears'), { keyword: 'required', missing: 'packYears' }],
    ['schema-showcase', 'dependencies (property): a contact name without phone', without(showcase, 'emergencyContactPhone'), { keyword: 'dependencies', missing: 'emergencyContactPhone' }],
    ['schema-showcase', 'if/then/else: 168 in inches', { ...showcase, units: 'imperial' }, { keyword: 'maximum', instancePath: '/height' }],
    ['schema-showcase', 'if/then/else: 30 cm', { ...showcase, height: 30 }, { keyword: 'minimum', instancePath: '/height' }],
    ['schema-showcase', 'nested if/then: in pain, nowhere', { ...showcase, pain: { hasPain: true } }, { keyword: 'required', instancePath: '/pain', missing: 'location' }],
    ['schema-showcase', 'const: consent not given', { ...showcase, consent: false }, { keyword: 'const', instancePath: '/consent' }],
  ];
  it.each(table)('%s: %s', (id, _case, answers, expected) => {
    const form = byId(id);
    const validate = validatorFor(`corpus-test:${id}`, form.schema);
    expect(validate(answers)).toBe(false);
    expect(validate.errors).toEqual(expect.arrayContaining([expect.objectContaining({
      keyword: expected.keyword,
      ...(expected.instancePath !== undefined ? { instancePath: expected.instancePath } : {}),
      ...(expected.missing ? { params: expect.objectContaining({ missingProperty: expected.missing }) } : {}),
    })]));
  });

  it('accepts the variants the conditions allow', () => {
    const validate = validatorFor('corpus-test:schema-showcase', byId('schema-showcase').schema);
    const ok = (answers: Record<string, unknown>) => expect(validate(answers), JSON.stringify(validate.errors)).toBe(true);
    ok({ ...showcase, units: 'imperial', height: 66, weight: 158 });
    ok({ ...without(showcase, 'packYears'), smoker: 'never' });
    ok({ ...without(without(showcase, 'emergencyContactName'), 'emergencyContactPhone') });
    ok({ ...showcase, pain: { hasPain: false } });
    ok({ ...showcase, identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'phone', phone: '+33 6 12 34 56 78' } } });
    const postOp = validatorFor('corpus-test:post-operative-follow-up', byId('post-operative-follow-up').schema);
    expect(postOp({ pain: 0, temperature: 36.8, woundAspect: 'clean' })).toBe(true);
  });

  it('has a sample for every corpus form', () => {
    expect(Object.keys(SAMPLE_ANSWERS).sort()).toEqual(expect.arrayContaining([...new Set(corpus.map((c) => c.json.id))].sort()));
  });
});

describe('the field the server names in answer_invalid (checkAnswers)', () => {
  const fieldOf = (id: string, answers: Record<string, unknown>) => {
    try {
      checkAnswers(`corpus-test:${id}`, byId(id), answers, 'en');
    } catch (error) {
      return (error as { field?: string }).field;
    }
    return undefined;
  };
  const showcase = sampleAnswer('schema-showcase');
  it.each([
    ['a missing mandatory answer', 'phq-9', { ...sampleAnswer('phq-9'), q9: undefined }, 'body.answers.q9'],
    ['a value matching no labelled option', 'phq-9', { ...sampleAnswer('phq-9'), q1: 9 }, 'body.answers.q1'],
    ['the chosen branch of a dependency, not the branch of another choice', 'schema-showcase', { ...showcase, smoker: 'current', packYears: undefined }, 'body.answers.packYears'],
    ['the chosen branch of oneOf', 'schema-showcase', { ...showcase, identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'email', email: 'x' } } }, 'body.answers.identity.contact.email'],
    ['an item of a list', 'schema-showcase', { ...showcase, medications: [{ name: 'Bisoprolol', dose: -1, unit: 'mg' }] }, 'body.answers.medications.0.dose'],
    ['a valid answer', 'schema-showcase', showcase, undefined],
  ])('%s', (_case, id, answers, field) => {
    expect(fieldOf(id, JSON.parse(JSON.stringify(answers)))).toBe(field);
  });
});
