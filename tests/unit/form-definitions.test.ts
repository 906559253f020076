/** What parseFormDefinition refuses in an integrator's questionnaire, with the path it names. */
import { describe, expect, it } from 'vitest';
import { FormInvalidError, parseFormDefinition } from '../../server/shared/form-definitions.ts';

const base = {
  id: 'mood', reference: 'MOOD', name: { fr: 'Humeur' }, submissionType: 'FREE', languages: ['fr', 'en'],
  schema: { type: 'object', properties: { mood: { type: 'integer', title: 'Humeur du jour' }, photo: { type: 'string', title: 'Photo' } } },
  uiSchema: { mood: { 'ui:help': 'De 0 à 10' } },
};

describe('parseFormDefinition', () => {
  it('accepts a definition whose translations name existing texts of the schema and the UI schema', () => {
    const form = parseFormDefinition({ ...base, translations: { en: { '/properties/mood/title': 'Mood of the day', 'ui:/mood/ui:help': 'From 0 to 10' } } });
    expect(form.reference).toBe('MOOD');
  });

  it.each([
    ['a translation of a text the schema does not have', { translations: { en: { '/properties/mod/title': 'Mood' } } }, '/translations/en/~1properties~1mod~1title'],
    ['a translation of a UI text that does not exist', { translations: { ar: { 'ui:/mood/ui:placeholder': 'x' } } }, '/translations/ar/ui:~1mood~1ui:placeholder'],
    ['a file question that is not a question', { files: [{ field: 'picture', accept: ['image/png'] }] }, '/files/0/field'],
    ['a computed value using an unknown answer', { computed: [{ name: 'x', title: 'X', expression: { op: '+', args: [{ field: 'mood' }, { field: 'sleep' }] } }] }, '/computed/0/expression'],
    ['a planned form without planning', { submissionType: 'PLANNED' }, ''],
    ['answers that are not a JSON Schema', { schema: { type: 'object', properties: { mood: { type: 'integr' } } } }, '/schema'],
    ['a file type outside png, jpeg and pdf', { files: [{ field: 'photo', accept: ['image/gif'] }] }, '/files/0/accept/0'],
    // Issue 8: what rjsf would show and nobody would check, or an answer that would be lost.
    ["rjsf's file widget (format data-url), whose file would be lost", { schema: { ...base.schema, properties: { ...base.schema.properties, photo: { type: 'string', format: 'data-url', title: 'Photo' } } } }, '/schema/properties/photo/format'],
    ["rjsf's file widget chosen in the UI schema", { uiSchema: { ...base.uiSchema, photo: { 'ui:widget': 'file' } } }, '/uiSchema/photo/ui:widget'],
    ["rjsf's file widget in a list", { schema: { type: 'object', properties: { scans: { type: 'array', items: { type: 'string', format: 'data-url' } } } } }, '/schema/properties/scans/items/format'],
    ['an unknown format', { schema: { type: 'object', properties: { colour: { type: 'string', format: 'color' } } } }, '/schema/properties/colour/format'],
    ['an unknown keyword', { schema: { type: 'object', properties: { mood: { type: 'integer', enumNames: ['Low', 'High'] } } } }, '/schema/properties/mood/enumNames'],
    ['an unknown keyword deep in a branch', { schema: { type: 'object', properties: { a: { type: 'boolean' } }, if: { properties: { a: { const: true } } }, then: { properties: { b: { type: 'string', patern: '^x' } } } } }, '/schema/then/properties/b/patern'],
    ['a keyword that would be ignored (then without if)', { schema: { type: 'object', properties: { a: { type: 'string' } }, then: { required: ['a'] } } }, '/schema'],
  ])('refuses %s', (_case, change, path) => {
    try {
      parseFormDefinition({ ...base, ...change });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormInvalidError);
      expect((error as FormInvalidError).path).toBe(path);
    }
  });
});

describe('parseFormDefinition, what an integrator reads in /ui/status', () => {
  it('points to the file questions when refusing data-url', () => {
    const definition = { ...base, schema: { type: 'object', properties: { photo: { type: 'string', format: 'data-url' } } } };
    expect(() => parseFormDefinition(definition)).toThrow(/^\/schema\/properties\/photo\/format: format 'data-url' \(rjsf's file widget\) is not supported: the chosen file would not be kept.*file question.*`files`.*docs\/integrators\.md/);
  });

  it('names the unknown format and the ones it could be', () => {
    const definition = { ...base, schema: { type: 'object', properties: { colour: { type: 'string', format: 'color' } } } };
    expect(() => parseFormDefinition(definition)).toThrow(/unknown format 'color' \(known: date, time, date-time.*email/);
  });

  it('accepts the patterns rjsf questionnaires are written with: then-branches requiring or narrowing questions defined beside them', () => {
    const definition = {
      ...base,
      schema: {
        type: 'object', properties: { units: { type: 'string', enum: ['cm', 'in'] }, height: { type: 'number' }, note: { type: 'string', format: 'date' } },
        if: { properties: { units: { const: 'in' } }, required: ['units'] }, then: { properties: { height: { maximum: 100 } }, required: ['height'] },
      },
    };
    expect(parseFormDefinition(definition).id).toBe('mood');
  });

  it("accepts an author's message for a pattern (patternMessage) and its translations by pointer", () => {
    const definition = {
      ...base,
      schema: { type: 'object', properties: { insee: { type: 'string', title: 'NIR', pattern: '^[12][0-9]{14}$', patternMessage: 'Les 15 chiffres de votre carte Vitale.' } } },
      translations: { en: { '/properties/insee/patternMessage': 'The 15 digits of your health card.' } },
    };
    expect(parseFormDefinition(definition).id).toBe('mood');
  });
});
