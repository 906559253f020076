/** What parseFormDefinition refuses in an integrator's questionnaire, with the path it names. */
import { describe, expect, it } from 'vitest';
import { FormInvalidError, parseFormDefinition } from '../../server/ui/form-definitions.ts';

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
