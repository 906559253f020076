/** What a refused send means on the screen: wrong answers on their questions, the answering rules, the session. */
import { describe, expect, it } from 'vitest';
import { answerPath, sendOutcome } from '../../../../client/features/questionnaires/answer/send-errors.ts';

const translate = (key: string) => `«${key}»`;

describe('sendOutcome', () => {
  it.each<[string, unknown, unknown]>([
    ['a wrong answer: on its question, with the server\'s message', { status: 400, code: 'answer_invalid', field: 'body.answers.weight', message: 'doit être <= 300' },
      { kind: 'fields', errorSchema: { weight: { __errors: ['doit être <= 300'] } }, problems: [{ path: ['weight'], message: 'doit être <= 300' }] }],
    ['a nested answer', { status: 400, code: 'answer_invalid', field: 'body.answers.identity.firstName', message: 'Ce champ est obligatoire' },
      { kind: 'fields', errorSchema: { identity: { firstName: { __errors: ['Ce champ est obligatoire'] } } }, problems: [{ path: ['identity', 'firstName'], message: 'Ce champ est obligatoire' }] }],
    ['a file refused by its bytes: said in the patient\'s words', { status: 400, code: 'file_type_refused', field: 'body.answers.woundPhoto', message: 'file_type_refused' },
      { kind: 'fields', errorSchema: { woundPhoto: { __errors: ['«questionnaires.files.typeRefusedByServer»'] } }, problems: [{ path: ['woundPhoto'], message: '«questionnaires.files.typeRefusedByServer»' }] }],
    ['a file too large', { status: 400, code: 'file_too_large', field: 'body.answers.letter' },
      { kind: 'fields', errorSchema: { letter: { __errors: ['«questionnaires.files.tooLarge»'] } }, problems: [{ path: ['letter'], message: '«questionnaires.files.tooLarge»' }] }],
    ['every invalid question the server lists, each on its question by pointer', {
      status: 400, code: 'answer_invalid', field: 'body.answers.weight', message: 'Réponse invalide',
      errors: [
        { field: 'body.answers.weight', pointer: '/weight', title: 'Poids du jour (kg)', message: 'La valeur doit être inférieure ou égale à 300' },
        { field: 'body.answers.episodes.0.severity', pointer: '/episodes/0/severity', title: 'Intensité', message: 'Ce champ est obligatoire' },
        { field: 'body.answers.a/b', pointer: '/a~1b', message: 'Saisissez un nombre' },
        { field: 'body.answers.note' }, // no message: said in the patient's words
      ],
    }, {
      kind: 'fields',
      errorSchema: {
        weight: { __errors: ['La valeur doit être inférieure ou égale à 300'] },
        episodes: { 0: { severity: { __errors: ['Ce champ est obligatoire'] } } },
        'a/b': { __errors: ['Saisissez un nombre'] },
        note: { __errors: ['«questionnaires.answer.invalidAnswer»'] },
      },
      problems: [
        { path: ['weight'], message: 'La valeur doit être inférieure ou égale à 300', title: 'Poids du jour (kg)' },
        { path: ['episodes', '0', 'severity'], message: 'Ce champ est obligatoire', title: 'Intensité' },
        { path: ['a/b'], message: 'Saisissez un nombre' },
        { path: ['note'], message: '«questionnaires.answer.invalidAnswer»' },
      ],
    }],
    ['two messages on one question are both shown', { status: 400, code: 'answer_invalid', errors: [
      { field: 'body.answers.code', pointer: '/code', message: 'Saisissez au moins 4 caractères' },
      { field: 'body.answers.code', pointer: '/code', message: "Le format n'est pas valide" },
    ] }, {
      kind: 'fields', errorSchema: { code: { __errors: ['Saisissez au moins 4 caractères', "Le format n'est pas valide"] } },
      problems: [{ path: ['code'], message: 'Saisissez au moins 4 caractères' }, { path: ['code'], message: "Le format n'est pas valide" }],
    }],
    ['a 400 on no answer (body shape): retry', { status: 400, code: 'validation_error', field: 'body.formId' }, { kind: 'retry' }],
    ['a file answer that is someone else\'s or already used (404 on the answer): on its question, to choose again',
      { status: 404, code: 'not_found', field: 'body.answers.woundPhoto', message: 'Introuvable' },
      { kind: 'fields', errorSchema: { woundPhoto: { __errors: ['«questionnaires.files.chooseAgain»'] } }, problems: [{ path: ['woundPhoto'], message: '«questionnaires.files.chooseAgain»' }] }],
    ['a nested file answer gone', { status: 404, code: 'not_found', field: 'body.answers.documents.0.scan' },
      { kind: 'fields', errorSchema: { documents: { 0: { scan: { __errors: ['«questionnaires.files.chooseAgain»'] } } } }, problems: [{ path: ['documents', '0', 'scan'], message: '«questionnaires.files.chooseAgain»' }] }],
    ['another file\'s occurrence: not available, no retry', { status: 404, code: 'not_found', field: 'body.occurrenceId' }, { kind: 'blocked', reason: 'unavailable' }],
    ['another file\'s questionnaire: not available, no retry', { status: 404, code: 'not_found', field: 'body.formId' }, { kind: 'blocked', reason: 'unavailable' }],
    ['a 404 without a field: not available, no retry', { status: 404, code: 'not_found' }, { kind: 'blocked', reason: 'unavailable' }],
    ['the free responses of the last 24 h used up: no retry', { status: 429, code: 'free_form_limit_reached', message: 'Ce questionnaire a déjà été envoyé 20 fois' }, { kind: 'blocked', reason: 'freeLimit' }],
    ['answers too large: no retry', { status: 413, code: 'payload_too_large' }, { kind: 'blocked', reason: 'tooLarge' }],
    ['older late forms', { status: 409, code: 'older_late_forms_pending' }, { kind: 'olderLate' }],
    ['the limit date passed', { status: 409, code: 'form_limit_date_passed' }, { kind: 'closed', code: 'form_limit_date_passed' }],
    ['already answered', { status: 409, code: 'form_already_answered' }, { kind: 'closed', code: 'form_already_answered' }],
    ['deactivated', { status: 409, code: 'form_deactivated' }, { kind: 'closed', code: 'form_deactivated' }],
    ['the file is not open', { status: 409, code: 'patient_file_not_open' }, { kind: 'closed', code: 'patient_file_not_open' }],
    ['the file was closed', { status: 409, code: 'patient_file_closed' }, { kind: 'closed', code: 'patient_file_closed' }],
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
