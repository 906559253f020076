/** The error summary names each question as the patient reads it, and sends the focus to rjsf's id of it. */
import { describe, expect, it } from 'vitest';
import { fieldId, questionTitle } from '../../../../client/features/questionnaires/definition/question-title.ts';
import { localizeDefinition } from '../../../../client/features/questionnaires/definition/localize.ts';
import { corpusFiles } from '../../../helpers/form-corpus.ts';

const form = {
  schema: {
    type: 'object',
    properties: {
      weight: { type: 'number', title: 'Poids du jour (kg)' },
      episodes: { type: 'array', title: 'Épisodes', items: { type: 'object', properties: { severity: { type: 'integer', title: 'Intensité' } } } },
      contact: { type: 'object', title: 'Contact', oneOf: [{ properties: { phone: { type: 'string', title: 'Téléphone' } } }] },
      untitled: { type: 'string' },
    },
  },
  uiSchema: { weight: { 'ui:title': 'Votre poids ce matin (kg)' } },
};

describe('questionTitle', () => {
  it.each<[string[], string]>([
    [['weight'], 'Votre poids ce matin (kg)'],
    [['episodes', '0', 'severity'], 'Épisodes 1 › Intensité'],
    [['contact', 'phone'], 'Contact › Téléphone'],
    [['untitled'], 'untitled'],
    [['unknown'], 'unknown'],
  ])('%j → %s', (path, expected) => expect(questionTitle(form as never, path)).toBe(expected));

  it('is in the form\'s language', () => {
    const hf = corpusFiles().find((c) => c.id === 'heart-failure-daily' && c.scope === 'default')!.json;
    expect(questionTitle(localizeDefinition(hf, 'ar'), ['breathless'])).toBe('ضيق تنفس غير معتاد');
  });

  it('names rjsf\'s field ids', () => {
    expect(fieldId(['episodes', '0', 'severity'])).toBe('root_episodes_0_severity');
  });
});
