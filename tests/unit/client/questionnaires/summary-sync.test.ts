/** The error summary follows the answers once shown: corrected questions leave it, the server's errors leave changed answers. */
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formProblems, liveProblems, standingServerProblems } from '../../../../client/features/questionnaires/answer/summary-sync.ts';
import { createCfworkerValidator } from '../../../../client/lib/json-schema-form/cfworker-validator.ts';

const validator = createCfworkerValidator((key) => key.replace('jsonSchemaForm.errors.', ''));
const schema = {
  type: 'object', required: ['weight', 'breathless'],
  properties: { weight: { type: 'number', maximum: 300 }, breathless: { type: 'boolean' }, photo: { type: 'string' }, episodes: { type: 'array', items: { type: 'object', properties: { note: { type: 'string' } } } } },
} as RJSFSchema;
const summaryOf = (answers: Record<string, unknown>, verdict?: Parameters<typeof standingServerProblems>[0]) =>
  liveProblems(standingServerProblems(verdict, answers), formProblems(validator.validateFormData(answers, schema).errors, 'invalid'))
    .map((p) => `${p.path.join('.')}: ${p.message}`);

describe('the live error summary', () => {
  it('drops a question once corrected, and lists one that becomes wrong', () => {
    expect(summaryOf({ weight: 350 })).toEqual(['breathless: required', 'weight: maximum']);
    expect(summaryOf({ weight: 72, breathless: true })).toEqual([]);
    expect(summaryOf({ weight: 72 })).toEqual(['breathless: required']);
  });

  it("keeps the server's error while the answer is as sent, and drops it once the answer changes", () => {
    const sent = { weight: 72, breathless: false, photo: 'file-1', episodes: [{ note: 'a' }] };
    const verdict = { answers: sent, problems: [
      { path: ['photo'], message: 'Choisissez ce fichier à nouveau' },
      { path: ['episodes', '0', 'note'], message: 'Trop court' },
    ] };
    expect(summaryOf(structuredClone(sent), verdict)).toEqual(['photo: Choisissez ce fichier à nouveau', 'episodes.0.note: Trop court']);
    expect(summaryOf({ ...sent, photo: 'file-2' }, verdict)).toEqual(['episodes.0.note: Trop court']);
    expect(summaryOf({ ...sent, photo: undefined, episodes: [{ note: 'abc' }] }, verdict)).toEqual([]);
    // Another answer changing leaves the server's errors standing.
    expect(summaryOf({ ...sent, weight: 73 }, verdict)).toHaveLength(2);
  });

  it('says each problem once when the form and the server agree', () => {
    const verdict = { answers: { weight: 350 }, problems: [{ path: ['weight'], message: 'maximum' }] };
    expect(summaryOf({ weight: 350, breathless: true }, verdict)).toEqual(['weight: maximum']);
  });
});
