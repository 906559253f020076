/**
 * Issue 8: a refused answer named only the first invalid question, as `body.answers.…`, with
 * ajv's words ("must match pattern ^\+?[0-9 .-]{6,20}$") and, for if/then/else with `not`, no
 * question at all. checkAnswers (the answer route's check) now lists every question to correct,
 * in the form's order, with its pointer, its title in the form's language and a message in words,
 * on the corpus forms in fr, en and ar.
 */
import { describe, expect, it } from 'vitest';
import { checkAnswers, type CheckedForm } from '../../server/care/forms/answers.ts';
import { AppError, type FieldError } from '../../server/errors.ts';
import { translator, type Language } from '../../server/i18n/index.ts';
import { corpusFiles, resolveTranslationKey, sampleAnswer } from '../helpers/form-corpus.ts';

const corpus = corpusFiles();
const byId = (id: string) => corpus.find((c) => c.json.id === id)!.json;
const without = (o: Record<string, unknown>, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const LANGUAGES: Language[] = ['fr', 'en', 'ar'];

function refusal(id: string, form: CheckedForm, answers: unknown, language: Language): AppError {
  try {
    checkAnswers(`answer-errors-test:${id}`, form, JSON.parse(JSON.stringify(answers)), language);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the answers were accepted');
}

/** The title the patient sees on the question at `schemaPointer`, in `language`. */
const titleOf = (form: CheckedForm, schemaPointer: string, language: Language) =>
  (language === 'fr' ? undefined : form.translations?.[language]?.[`${schemaPointer}/title`]) ?? resolveTranslationKey(form as never, `${schemaPointer}/title`);

/** The translated template as a pattern, its `{{limit}}` standing for a number. */
const messagePattern = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{limit\\}\\}', '-?[0-9.]+')}$`);

const showcase = sampleAnswer('schema-showcase');
/** [form, case, answers, expected: [pointer, schema pointer of its title, message key][]] in the form's order. */
const table: [string, string, Record<string, unknown>, [string, string, string][]][] = [
  ['phq-9', 'a score off the scale and an item unanswered', { ...without(sampleAnswer('phq-9'), 'q9'), q1: 9 },
    [['/q1', '/properties/q1', 'choose_option'], ['/q9', '/properties/q9', 'required']]],
  ['gad-7', 'a half point and a score as text', { ...sampleAnswer('gad-7'), q3: 1.5, q5: '1' },
    [['/q3', '/properties/q3', 'type_integer'], ['/q5', '/properties/q5', 'type_integer']]],
  ['heart-failure-daily', 'a weight too low and a yes/no as text', { ...sampleAnswer('heart-failure-daily'), weight: 12, breathless: 'oui' },
    [['/weight', '/properties/weight', 'minimum'], ['/breathless', '/properties/breathless', 'type_boolean']]],
  ['post-operative-follow-up', 'pain above 10, and a red wound without photo (if/then)', { ...without(sampleAnswer('post-operative-follow-up'), 'woundPhoto'), pain: 11 },
    [['/pain', '/properties/pain', 'maximum'], ['/woundPhoto', '/properties/woundPhoto', 'required']]],
  ['schema-showcase', 'everything at once: nested, $ref pattern, dependencies, arrays, if/then/else, const', {
    ...without(showcase, 'packYears'), units: 'imperial', consent: false, symptoms: ['cough', 'cough'], pain: { hasPain: true },
    identity: { firstName: 'A', birthDate: '14/03/1958', contact: { channel: 'phone', phone: 'call me' } }, emergencyContactPhone: 'x',
    medications: [{ name: 'B', dose: 0, unit: 'kg' }],
  }, [
    ['/identity/birthDate', '/properties/identity/properties/birthDate', 'format_date'],
    ['/identity/contact/phone', '/properties/identity/properties/contact/oneOf/0/properties/phone', 'pattern'],
    ['/emergencyContactPhone', '/properties/emergencyContactPhone', 'pattern'],
    ['/height', '/properties/height', 'maximum'],
    ['/packYears', '/dependencies/smoker/oneOf/1/properties/packYears', 'required'],
    ['/medications/0/name', '/properties/medications/items/properties/name', 'minLength'],
    ['/medications/0/dose', '/properties/medications/items/properties/dose', 'exclusiveMinimum'],
    ['/medications/0/unit', '/properties/medications/items/properties/unit', 'choose_option'],
    ['/symptoms', '/properties/symptoms', 'uniqueItems'],
    ['/pain/location', '/properties/pain/properties/location', 'required'],
    ['/pain/intensity', '/properties/pain/properties/intensity', 'required'],
    ['/consent', '/properties/consent', 'must_confirm'],
  ]],
  ['schema-showcase', 'a contact channel that is none of the choices (oneOf, no branch chosen)',
    { ...showcase, identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'sms', phone: '0612345678' } } },
    [['/identity/contact', '/properties/identity/properties/contact', 'choose_option']]],
  ['schema-showcase', 'an e-mail in the branch chosen', { ...showcase, identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'email', email: 'camille.example.org' } } },
    [['/identity/contact/email', '/properties/identity/properties/contact/oneOf/1/properties/email', 'format_email']]],
  ['schema-showcase', 'a contact name without phone (property dependency)', without(showcase, 'emergencyContactPhone'),
    [['/emergencyContactPhone', '/properties/emergencyContactPhone', 'required']]],
];

describe('every question to correct, in the form\'s order, with its title and a message in words', () => {
  for (const [id, label, answers, expected] of table) {
    it.each(LANGUAGES)(`${id}: ${label} (%s)`, (language) => {
      const form = byId(id);
      const error = refusal(id, form, answers, language);
      const t = translator(language);
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('answer_invalid');
      const listed = error.errors!;
      expect(listed.map((e) => e.pointer)).toEqual(expected.map(([pointer]) => pointer));
      expected.forEach(([pointer, schemaPointer, key], i) => {
        const entry = listed[i]!;
        expect(entry.field).toBe(['body.answers', ...pointer.split('/').slice(1)].join('.'));
        expect(entry.title, pointer).toBe(titleOf(form, schemaPointer, language));
        expect(entry.title, pointer).toBeTruthy();
        // The message of its kind, in the caller's language (a bound shows as a number), never ajv's.
        expect(entry.message, pointer).toMatch(messagePattern(t(`answers.${key}`, { limit: '{{limit}}' })));
        expect(entry.message).not.toMatch(/must|\^|\$|\\|\[|\{/);
      });
      // The first question stays in `field` (clients before the list), and the summary names it.
      expect(error.field).toBe(listed[0]!.field);
      const summary = t(`errors.${error.code}`, error.params);
      expect(summary).toContain(listed[0]!.title!);
      expect(summary).toContain(String(listed.length));
    });
  }
});

describe('if/then/else with not: the questions the failing branch concerns', () => {
  const form: CheckedForm = {
    languages: ['fr', 'en', 'ar'],
    schema: {
      type: 'object',
      properties: {
        hospitalised: { type: 'boolean', title: 'Avez-vous été hospitalisé(e) ?' },
        ward: { type: 'string', title: 'Dans quel service ?' },
        days: { type: 'integer', title: 'Combien de jours ?' },
      },
      if: { properties: { hospitalised: { const: false } }, required: ['hospitalised'] },
      then: { not: { anyOf: [{ required: ['ward'] }, { required: ['days'] }] } },
      else: { required: ['ward'] },
    },
    uiSchema: { 'ui:order': ['hospitalised', 'days', 'ward'] },
    translations: {
      en: { '/properties/ward/title': 'In which ward?', '/properties/days/title': 'How many days?' },
      ar: { '/properties/ward/title': 'في أي قسم؟', '/properties/days/title': 'كم يومًا؟' },
    },
  };
  const titles = { fr: ['Combien de jours ?', 'Dans quel service ?'], en: ['How many days?', 'In which ward?'], ar: ['كم يومًا؟', 'في أي قسم؟'] };

  it.each(LANGUAGES)('names the questions a "not" forbids, in the order of ui:order (%s)', (language) => {
    const error = refusal('not-branch', form, { hospitalised: false, ward: 'Cardiologie', days: 3 }, language);
    expect(error.errors!.map((e: FieldError) => [e.pointer, e.field, e.title, e.message])).toEqual([
      ['/days', 'body.answers.days', titles[language][0], translator(language)('answers.not_allowed')],
      ['/ward', 'body.answers.ward', titles[language][1], translator(language)('answers.not_allowed')],
    ]);
  });

  it('names the question the else branch requires', () => {
    const error = refusal('not-branch', form, { hospitalised: true }, 'en');
    expect(error.errors).toEqual([{ field: 'body.answers.ward', pointer: '/ward', title: 'In which ward?', message: 'Answer this question.' }]);
  });

  it('names titles in French when the questionnaire is not written in the caller\'s language, messages in the caller\'s', () => {
    const error = refusal('not-branch-fr', { ...form, languages: ['fr'] }, { hospitalised: true }, 'en');
    expect(error.errors).toEqual([{ field: 'body.answers.ward', pointer: '/ward', title: 'Dans quel service ?', message: 'Answer this question.' }]);
  });
});

describe("an author's message for a pattern (patternMessage, translated by pointer)", () => {
  const form: CheckedForm = {
    languages: ['fr', 'en', 'ar'],
    schema: {
      type: 'object',
      definitions: { phone: { type: 'string', pattern: '^\\+?[0-9 .-]{6,20}$', patternMessage: 'Saisissez un numéro de téléphone, par exemple 06 12 34 56 78.' } },
      properties: {
        insee: { type: 'string', title: 'Numéro de sécurité sociale', pattern: '^[12][0-9]{14}$', patternMessage: 'Saisissez les 15 chiffres de votre carte Vitale.' },
        phone: { $ref: '#/definitions/phone', title: 'Téléphone' },
        code: { type: 'string', title: 'Code', pattern: '^[A-Z]{3}$' },
      },
    },
    translations: {
      en: { '/properties/insee/patternMessage': 'Enter the 15 digits of your health card.', '/definitions/phone/patternMessage': 'Enter a phone number, for example 06 12 34 56 78.' },
      ar: { '/properties/insee/patternMessage': 'أدخل الأرقام الخمسة عشر لبطاقتك الصحية.' },
    },
  };
  it.each([
    ['fr', ['Saisissez les 15 chiffres de votre carte Vitale.', 'Saisissez un numéro de téléphone, par exemple 06 12 34 56 78.', 'Saisissez une valeur au format attendu.']],
    ['en', ['Enter the 15 digits of your health card.', 'Enter a phone number, for example 06 12 34 56 78.', 'Enter a value in the expected format.']],
    // No Arabic text for the phone: the author's French one rather than a generic message.
    ['ar', ['أدخل الأرقام الخمسة عشر لبطاقتك الصحية.', 'Saisissez un numéro de téléphone, par exemple 06 12 34 56 78.', 'أدخل قيمة بالصيغة المطلوبة.']],
  ] as const)('replaces the generic message where the author wrote one (%s)', (language, messages) => {
    const error = refusal('pattern-message', form, { insee: '123', phone: 'call me', code: 'ab' }, language);
    expect(error.errors!.map((e) => e.message)).toEqual(messages);
  });
});
