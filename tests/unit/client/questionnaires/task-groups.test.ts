/** My Tasks grouped the way a patient acts on them, and the late forms older than one being sent. */
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../../schemas/form-api.ts';
import { groupTasks, olderLateTasks } from '../../../../client/features/questionnaires/tasks/task-groups.ts';

const H = 3_600_000;
const T0 = Date.parse('2026-01-10T08:00:00Z');
const iso = (hours: number) => new Date(T0 + hours * H).toISOString();
function planned(id: string, formId: string, status: Task['status'], late: boolean, startHours: number): Task {
  return { occurrenceId: id, formId, reference: formId, name: formId, submissionType: 'PLANNED', status, late, startAt: iso(startHours), endAt: iso(startHours + 24), limitAt: iso(startHours + 72) };
}
const free = (formId: string, name: string): Task => ({ formId, reference: formId, name, submissionType: 'FREE', status: 'free', late: false });

const tasks: Task[] = [
  planned('hf3', 'HF', 'available', false, 48),
  planned('hf1', 'HF', 'ongoing', true, 0),
  planned('hf2', 'HF', 'available', true, 24),
  planned('po1', 'PO', 'completed', false, 0),
  planned('po0', 'PO', 'expired', false, -24),
  planned('hf4', 'HF', 'upcoming', false, 72),
  planned('hf5', 'HF', 'upcoming', false, 96),
  planned('po2', 'PO', 'upcoming', false, 24),
  free('GAD', 'GAD-7'),
  free('PHQ', 'PHQ-9'),
];

describe('groupTasks', () => {
  const groups = groupTasks(tasks);
  it.each<[string, (g: typeof groups) => unknown, unknown]>([
    ['late: oldest first', (g) => g.late.map((t) => t.occurrenceId), ['hf1', 'hf2']],
    ['open now: by end date', (g) => g.open.map((t) => t.occurrenceId), ['hf3']],
    ['free: by name', (g) => g.free.map((t) => t.name), ['GAD-7', 'PHQ-9']],
    ['upcoming: the next occurrence of each questionnaire, with how many follow', (g) => g.upcoming.map((u) => [u.task.occurrenceId, u.more]), [['po2', 0], ['hf4', 1]]],
    ['past: completed and expired, newest first', (g) => g.past.map((t) => t.occurrenceId), ['po1', 'po0']],
  ])('%s', (_label, read, expected) => expect(read(groups)).toEqual(expected));

  it('keeps at most `pastLimit` past tasks but counts them all', () => {
    const many = Array.from({ length: 15 }, (_, i) => planned(`c${i}`, 'HF', 'completed', false, -24 * i));
    const g = groupTasks(many, 10);
    expect([g.past.length, g.pastTotal, g.past[0]!.occurrenceId]).toEqual([10, 15, 'c0']);
  });
});

describe('olderLateTasks', () => {
  it.each<[string, string, string[]]>([
    ['the open one: both late ones before it, oldest first', 'hf3', ['hf1', 'hf2']],
    ['the second late one: the first', 'hf2', ['hf1']],
    ['the oldest late one: none', 'hf1', []],
  ])('%s', (_label, id, expected) => {
    expect(olderLateTasks(tasks, tasks.find((t) => t.occurrenceId === id)!).map((t) => t.occurrenceId)).toEqual(expected);
  });
  it('a free form has none', () => expect(olderLateTasks(tasks, free('GAD', 'GAD-7'))).toEqual([]));
});
