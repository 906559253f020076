/** What a refused send means on the screen: wrong answers on their questions, the answering rules, the session. */
import { describe, expect, it } from 'vitest';
import { answerPath, sendOutcome } from '../../../../client/features/questionnaires/answer/send-errors.ts';

const translate = (key: string) => `«${key}»`;

describe('sendOutcome', () => {
  it.each<[string, unknown, unknown]>([
    ['a wrong answer: on its question, with the server\'s message', { status: 400, code: 'answer_invalid', field: 'body.answers.weight', message: 'doit être <= 300' },
      { kind: 'fields', errorSchema: { weight: { __errors: ['doit être <= 300'] } }, fields: ['weight'] }],
    ['a nested answer', { status: 400, code: 'answer_invalid', field: 'body.answers.identity.firstName', message: 'Ce champ est obligatoire' },
      { kind: 'fields', errorSchema: { identity: { firstName: { __errors: ['Ce champ est obligatoire'] } } }, fields: ['identity.firstName'] }],
    ['a file refused by its bytes: said in the patient\'s words', { status: 400, code: 'file_type_refused', field: 'body.answers.woundPhoto', message: 'file_type_refused' },
      { kind: 'fields', errorSchema: { woundPhoto: { __errors: ['«questionnaires.files.typeRefusedByServer»'] } }, fields: ['woundPhoto'] }],
    ['a file too large', { status: 400, code: 'file_too_large', field: 'body.answers.letter' },
      { kind: 'fields', errorSchema: { letter: { __errors: ['«questionnaires.files.tooLarge»'] } }, fields: ['letter'] }],
    ['a 400 on no answer (body shape): retry', { status: 400, code: 'validation_error', field: 'body.formId' }, { kind: 'retry' }],
    ['older late forms', { status: 409, code: 'older_late_forms_pending' }, { kind: 'olderLate' }],
    ['the limit date passed', { status: 409, code: 'form_limit_date_passed' }, { kind: 'closed', code: 'form_limit_date_passed' }],
    ['already answered', { status: 409, code: 'form_already_answered' }, { kind: 'closed', code: 'form_already_answered' }],
    ['deactivated', { status: 409, code: 'form_deactivated' }, { kind: 'closed', code: 'form_deactivated' }],
    ['the file is not open', { status: 409, code: 'patient_file_not_open' }, { kind: 'closed', code: 'patient_file_not_open' }],
    ['an unknown 409', { status: 409, code: 'something_new' }, { kind: 'retry' }],
    ['the session ended', { status: 401, code: 'insufficient_authentication' }, { kind: 'session' }],
    ['the network failed (no status)', new TypeError('Failed to fetch'), { kind: 'retry' }],
    ['a server error', { status: 500, code: 'internal_error' }, { kind: 'retry' }],
  ])('%s', (_label, error, expected) => expect(sendOutcome(error, translate)).toEqual(expected));
});

describe('answerPath', () => {
  it.each<[string | undefined, string[] | undefined]>([
    ['body.answers.weight', ['weight']],
    ['body.answers.medications.0.name', ['medications', '0', 'name']],
    ['body.answers', undefined],
    ['body.formId', undefined],
    [undefined, undefined],
  ])('%s → %j', (field, expected) => expect(answerPath(field)).toEqual(expected));
});
