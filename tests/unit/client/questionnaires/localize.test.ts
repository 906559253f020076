/** Translations laid over a questionnaire by JSON Pointer, and the language it is shown in. */
import { describe, expect, it } from 'vitest';
import { applyTranslations, formLanguage, localizeDefinition, textIn } from '../../../../client/features/questionnaires/definition/localize.ts';
import { resolveTranslationKey, corpusFiles } from '../../../helpers/form-corpus.ts';

const schema = { type: 'object', properties: { 'a/b': { title: 'AB' }, pain: { title: 'Douleur', oneOf: [{ const: 0, title: 'Aucune' }] } } };
const uiSchema = { pain: { 'ui:help': 'Aide' } };

describe('applyTranslations', () => {
  it.each<[string, Record<string, string>, (out: ReturnType<typeof applyTranslations>) => unknown, unknown]>([
    ['a title in the schema', { '/properties/pain/title': 'Pain' }, (o) => (o.schema as typeof schema).properties.pain.title, 'Pain'],
    ['an option of a oneOf', { '/properties/pain/oneOf/0/title': 'None' }, (o) => (o.schema as typeof schema).properties.pain.oneOf[0]!.title, 'None'],
    ['an escaped name (~1 is /)', { '/properties/a~1b/title': 'A/B' }, (o) => (o.schema as typeof schema).properties['a/b'].title, 'A/B'],
    ['a text of the UI schema', { 'ui:/pain/ui:help': 'Help' }, (o) => (o.uiSchema as typeof uiSchema).pain['ui:help'], 'Help'],
    ['a UI text whose object does not exist yet is created', { 'ui:/other/ui:placeholder': 'Type' }, (o) => (o.uiSchema as Record<string, Record<string, string>>).other!['ui:placeholder'], 'Type'],
    ['a schema pointer to nothing is ignored, never invented', { '/properties/missing/title': 'X' }, (o) => (o.schema as { properties: Record<string, unknown> }).properties.missing, undefined],
    ['a malformed key is ignored', { 'properties/pain/title': 'X' }, (o) => (o.schema as typeof schema).properties.pain.title, 'Douleur'],
  ])('%s', (_label, texts, read, expected) => {
    expect(read(applyTranslations(schema, uiSchema, texts))).toEqual(expected);
  });

  it('leaves the definition unchanged', () => {
    const before = JSON.stringify([schema, uiSchema]);
    applyTranslations(schema, uiSchema, { '/properties/pain/title': 'Pain', 'ui:/pain/ui:help': 'Help' });
    expect(JSON.stringify([schema, uiSchema])).toBe(before);
  });
});

describe('formLanguage', () => {
  it.each<[string, string[], string, string | undefined, string]>([
    ['the route locale first', ['fr', 'en', 'ar'], 'fr', 'ar', 'ar'],
    ['the interface language without a route locale', ['fr', 'en', 'ar'], 'en', undefined, 'en'],
    ['the interface language when the form lacks the route one', ['fr', 'en'], 'en', 'ar', 'en'],
    ['French, the schema\'s own, when the form has neither', ['fr'], 'ar', 'en', 'fr'],
    ['an unknown route locale is ignored', ['fr', 'en'], 'en', 'de', 'en'],
    // A form written only in Arabic, opened in the French interface: its own language, right to left.
    ['the form\'s only language when the interface\'s is not one of its', ['ar'], 'fr', undefined, 'ar'],
    ['French when the form has it and not the interface\'s', ['ar', 'fr'], 'en', undefined, 'fr'],
    ['else the form\'s first language', ['en', 'ar'], 'fr', undefined, 'en'],
  ])('%s', (_label, languages, ui, route, expected) => {
    expect(formLanguage({ languages: languages as never }, ui, route)).toBe(expected);
  });
});

describe('textIn', () => {
  it.each([[{ fr: 'Bonjour', en: 'Hello' }, 'en', 'Hello'], [{ fr: 'Bonjour' }, 'ar', 'Bonjour'], ['Tout', 'en', 'Tout'], [undefined, 'fr', undefined]] as const)('%j in %s', (text, lang, expected) => {
    expect(textIn(text as never, lang)).toBe(expected);
  });
});

describe('localizeDefinition on the corpus', () => {
  const corpus = corpusFiles().filter((c) => c.scope === 'default');
  it.each(corpus.flatMap((c) => (['en', 'ar'] as const).map((l) => [c.id, l, c] as const)))('%s in %s: every translation lands where its pointer says', (_id, language, c) => {
    const form = localizeDefinition(c.json, language);
    const texts = (c.json.translations as Record<string, Record<string, string>>)[language] ?? {};
    expect(Object.keys(texts).length).toBeGreaterThan(0);
    for (const [key, text] of Object.entries(texts)) {
      expect(resolveTranslationKey({ ...c.json, schema: form.schema, uiSchema: form.uiSchema } as never, key), key).toBe(text);
    }
    expect(form.name).toBe((c.json.name as Record<string, string>)[language]);
    expect(form.computed.every((x) => x.title === (x as unknown as { title: string }).title && typeof x.title === 'string')).toBe(true);
  });
});
