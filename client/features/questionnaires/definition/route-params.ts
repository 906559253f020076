/**
 * `survey-answers/:id/:free?/:locale?` (spec 000 §2). `id` is the task's: the occurrence of a
 * PLANNED questionnaire, the form of a FREE one, which says so with `free`. A locale may follow
 * (`…/planned/ar` for a planned one, since the segments are positional); a locale in second
 * place is read as the locale.
 */
import type { Task } from '../../../../schemas/form-api.ts';
import { isLanguage, type Language } from '../../../lib/languages.ts';
import { paths } from '../../../lib/paths.ts';

export const FREE_SEGMENT = 'free';
export const PLANNED_SEGMENT = 'planned';

export interface SurveyTarget { kind: 'free'; formId: string; locale?: Language }
export interface PlannedTarget { kind: 'planned'; occurrenceId: string; locale?: Language }

export function parseSurveyParams(params: { id?: string; free?: string; locale?: string }): SurveyTarget | PlannedTarget | undefined {
  if (!params.id) return undefined;
  const locale = [params.locale, params.free].find(isLanguage);
  return params.free === FREE_SEGMENT ? { kind: 'free', formId: params.id, locale } : { kind: 'planned', occurrenceId: params.id, locale };
}

export function surveyHref(patientFileIndex: number, task: Pick<Task, 'formId' | 'occurrenceId' | 'submissionType'>, locale?: Language): string {
  const free = task.submissionType === 'FREE' || !task.occurrenceId;
  return paths.patient.surveyAnswers.getHref({
    patientFileIndex,
    id: free ? task.formId : task.occurrenceId!,
    free: free ? FREE_SEGMENT : locale ? PLANNED_SEGMENT : undefined,
    locale,
  });
}

/** The task a route names, among the file's tasks. */
export function findTask(tasks: readonly Task[], target: SurveyTarget | PlannedTarget): Task | undefined {
  return target.kind === 'free'
    ? tasks.find((t) => t.submissionType === 'FREE' && t.formId === target.formId)
    : tasks.find((t) => t.occurrenceId === target.occurrenceId);
}
