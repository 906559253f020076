/** `survey-answers/:id/:free?/:locale?`: what the segments name, and addresses that read back the same. */
import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { findTask, parseSurveyParams, surveyHref } from '../../../../client/features/questionnaires/definition/route-params.ts';
import { paths } from '../../../../client/lib/paths.ts';
import type { Task } from '../../../../schemas/form-api.ts';

const plannedTask: Task = { occurrenceId: 'occ-1', formId: 'form-1', reference: 'HF', name: 'HF', submissionType: 'PLANNED', status: 'available', late: false };
const freeTask: Task = { formId: 'form-2', reference: 'PHQ', name: 'PHQ', submissionType: 'FREE', status: 'free', late: false };

describe('surveyHref → parseSurveyParams', () => {
  it.each<[string, Task, 'fr' | 'en' | 'ar' | undefined, string, object]>([
    ['planned', plannedTask, undefined, '/p/0/survey-answers/occ-1', { kind: 'planned', occurrenceId: 'occ-1', locale: undefined }],
    ['planned in Arabic', plannedTask, 'ar', '/p/0/survey-answers/occ-1/planned/ar', { kind: 'planned', occurrenceId: 'occ-1', locale: 'ar' }],
    ['free', freeTask, undefined, '/p/0/survey-answers/form-2/free', { kind: 'free', formId: 'form-2', locale: undefined }],
    ['free in English', freeTask, 'en', '/p/0/survey-answers/form-2/free/en', { kind: 'free', formId: 'form-2', locale: 'en' }],
  ])('%s', (_label, task, locale, href, target) => {
    expect(surveyHref(0, task, locale)).toBe(href);
    const match = matchPath(paths.patient.surveyAnswers.pattern, href)!;
    expect(parseSurveyParams(match.params)).toEqual(target);
  });

  it.each<[object, object | undefined]>([
    [{ id: 'occ-1', free: 'ar' }, { kind: 'planned', occurrenceId: 'occ-1', locale: 'ar' }],
    [{ id: 'x', free: 'free', locale: 'de' }, { kind: 'free', formId: 'x', locale: undefined }],
    [{}, undefined],
  ])('reads %j', (params, expected) => expect(parseSurveyParams(params)).toEqual(expected));
});

describe('findTask', () => {
  it.each<[object, Task | undefined]>([
    [{ kind: 'planned', occurrenceId: 'occ-1' }, plannedTask],
    [{ kind: 'free', formId: 'form-2' }, freeTask],
    [{ kind: 'free', formId: 'form-1' }, undefined],
    [{ kind: 'planned', occurrenceId: 'nope' }, undefined],
  ])('%j', (target, expected) => expect(findTask([plannedTask, freeTask], target as never)).toEqual(expected));
});
