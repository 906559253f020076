/**
 * My Tasks, grouped the way a patient acts on them: late first (answer before the limit date),
 * then what is open now, the questionnaires answered freely, what comes next (one line per
 * questionnaire: its next occurrence) and what is done or expired.
 */
import type { Task } from '../../../../schemas/form-api.ts';

export interface TaskGroups {
  late: Task[];
  open: Task[];
  free: Task[];
  /** The next occurrence of each questionnaire, with how many more follow. */
  upcoming: { task: Task; more: number }[];
  /** Completed and expired, newest first, at most `pastLimit`. */
  past: Task[];
  pastTotal: number;
}

const time = (iso: string | undefined) => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);
const answerable = (t: Task) => t.status === 'available' || t.status === 'ongoing';

export function groupTasks(tasks: readonly Task[], pastLimit = 10): TaskGroups {
  const late = tasks.filter((t) => answerable(t) && t.late).sort((a, b) => time(a.startAt) - time(b.startAt));
  const open = tasks.filter((t) => answerable(t) && !t.late).sort((a, b) => time(a.endAt) - time(b.endAt));
  const free = tasks.filter((t) => t.status === 'free').sort((a, b) => a.name.localeCompare(b.name));
  const next = new Map<string, { task: Task; more: number }>();
  for (const t of tasks.filter((x) => x.status === 'upcoming').sort((a, b) => time(a.startAt) - time(b.startAt))) {
    const seen = next.get(t.formId);
    if (seen) seen.more++;
    else next.set(t.formId, { task: t, more: 0 });
  }
  const past = tasks.filter((t) => t.status === 'completed' || t.status === 'expired').sort((a, b) => time(b.startAt) - time(a.startAt));
  return { late, open, free, upcoming: [...next.values()], past: past.slice(0, pastLimit), pastTotal: past.length };
}

/**
 * The late occurrences older than `task`, oldest first: answering `task` without them loses them
 * (the server's rule, server/care/forms/submit.ts).
 */
export function olderLateTasks(tasks: readonly Task[], task: Pick<Task, 'occurrenceId' | 'startAt'>): Task[] {
  if (!task.occurrenceId || !task.startAt) return [];
  return tasks.filter((t) => t.late && answerable(t) && t.occurrenceId !== task.occurrenceId && time(t.startAt) < time(task.startAt))
    .sort((a, b) => time(a.startAt) - time(b.startAt));
}
