/**
 * A planning in words, from its shape (schemas/form.ts planningSchema): "Every day at 09:00,
 * 30 times, open 24 h, answerable 48 h late". Plurals by i18next (Arabic's six forms).
 */
import type { TFunction } from 'i18next';
import type { Planning } from '../../../../schemas/form-api.ts';

const KEY = 'questionnaires.fileForms.planning';

export function planningWords(planning: Planning, t: TFunction): string {
  const every = t(`${KEY}.every`, { count: planning.everyDays });
  const parts = [
    planning.time ? `${every} ${t(`${KEY}.at`, { time: planning.time })}` : every,
    t(`${KEY}.times`, { count: planning.occurrences }),
    t(`${KEY}.window`, { hours: planning.windowHours }),
    ...(planning.graceHours > 0 ? [t(`${KEY}.grace`, { hours: planning.graceHours })] : []),
  ];
  return parts.join(t(`${KEY}.separator`));
}
