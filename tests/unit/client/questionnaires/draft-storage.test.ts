/** The browser draft of a questionnaire: keyed by user, file, form and occurrence; kept, restored, cleared, pruned. */
import { describe, expect, it } from 'vitest';
import {
  clearDraft, DRAFT_MAX_AGE_DAYS, draftAnswersFor, draftKey, loadDraft, pruneDrafts, saveDraft, type DraftKey,
} from '../../../../client/features/questionnaires/answer/draft-storage.ts';

class MemoryStorage {
  readonly map = new Map<string, string>();
  failWrites = false;
  get length() { return this.map.size; }
  key(i: number) { return [...this.map.keys()][i] ?? null; }
  getItem(k: string) { return this.map.get(k) ?? null; }
  setItem(k: string, v: string) { if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError'); this.map.set(k, v); }
  removeItem(k: string) { this.map.delete(k); }
}

const key: DraftKey = { userId: 'u1', patientFileId: 'f1', formId: 'form1', occurrenceId: 'o1' };
const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('draftKey', () => {
  it.each<[DraftKey, string]>([
    [key, 'telesuivi.questionnaire-draft.v1:u1:f1:form1:o1'],
    [{ ...key, occurrenceId: undefined }, 'telesuivi.questionnaire-draft.v1:u1:f1:form1:free'],
    [{ ...key, userId: 'u2' }, 'telesuivi.questionnaire-draft.v1:u2:f1:form1:o1'],
  ])('%j → %s', (k, expected) => expect(draftKey(k)).toBe(expected));
});

describe('save, load, clear', () => {
  it('restores what was saved, and nothing once cleared', () => {
    const store = new MemoryStorage();
    expect(saveDraft(store, key, 3, { weight: 72.4 }, at('2026-01-01T10:00:00Z'))).toBe(true);
    expect(loadDraft(store, key, at('2026-01-02T10:00:00Z'))).toEqual({ version: 3, savedAt: '2026-01-01T10:00:00.000Z', answers: { weight: 72.4 } });
    clearDraft(store, key);
    expect(loadDraft(store, key, at('2026-01-02T10:00:00Z'))).toBeUndefined();
  });

  it.each<[string, DraftKey]>([
    ['another user (a caregiver on the same device)', { ...key, userId: 'u2' }],
    ['another occurrence of the same form', { ...key, occurrenceId: 'o2' }],
    ['another patient file', { ...key, patientFileId: 'f2' }],
  ])('never gives the draft to %s', (_label, other) => {
    const store = new MemoryStorage();
    saveDraft(store, key, 1, { a: 1 }, at('2026-01-01T00:00:00Z'));
    expect(loadDraft(store, other, at('2026-01-01T00:00:01Z'))).toBeUndefined();
  });

  it.each<[string, string]>([
    ['not JSON', '{'],
    ['answers that are not an object', JSON.stringify({ version: 1, savedAt: '2026-01-01T00:00:00Z', answers: [1] })],
    ['no version', JSON.stringify({ savedAt: '2026-01-01T00:00:00Z', answers: {} })],
    ['an unreadable date', JSON.stringify({ version: 1, savedAt: 'yesterday', answers: {} })],
  ])('drops a draft that is %s', (_label, raw) => {
    const store = new MemoryStorage();
    store.setItem(draftKey(key), raw);
    expect(loadDraft(store, key, at('2026-01-01T00:00:00Z'))).toBeUndefined();
    expect(store.map.size).toBe(0);
  });

  it(`drops a draft older than ${DRAFT_MAX_AGE_DAYS} days`, () => {
    const store = new MemoryStorage();
    const saved = at('2026-01-01T00:00:00Z');
    saveDraft(store, key, 1, { a: 1 }, saved);
    expect(loadDraft(store, key, new Date(saved.getTime() + DRAFT_MAX_AGE_DAYS * DAY))).toBeDefined();
    expect(loadDraft(store, key, new Date(saved.getTime() + DRAFT_MAX_AGE_DAYS * DAY + 1))).toBeUndefined();
  });

  it('says so when the browser refuses to store (private mode, quota), without throwing', () => {
    const store = new MemoryStorage();
    store.failWrites = true;
    expect(saveDraft(store, key, 1, { a: 1 }, at('2026-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('pruneDrafts', () => {
  it("removes this user's old and unreadable drafts only", () => {
    const store = new MemoryStorage();
    const now = at('2026-03-01T00:00:00Z');
    saveDraft(store, { ...key, occurrenceId: 'old' }, 1, {}, new Date(now.getTime() - 40 * DAY));
    saveDraft(store, { ...key, occurrenceId: 'recent' }, 1, {}, new Date(now.getTime() - DAY));
    store.setItem(draftKey({ ...key, occurrenceId: 'broken' }), 'nope');
    saveDraft(store, { ...key, userId: 'u2', occurrenceId: 'old' }, 1, {}, new Date(now.getTime() - 40 * DAY));
    store.setItem('lang', 'fr');
    expect(pruneDrafts(store, 'u1', now)).toBe(2);
    expect([...store.map.keys()].sort()).toEqual([draftKey({ ...key, occurrenceId: 'recent' }), draftKey({ ...key, userId: 'u2', occurrenceId: 'old' }), 'lang'].sort());
  });
});

describe('draftAnswersFor', () => {
  const draft = { version: 2, savedAt: '2026-01-01T00:00:00Z', answers: { weight: 70, removedQuestion: 'x' } };
  it.each<[string, number, Record<string, unknown> | undefined, Record<string, unknown>]>([
    ['same version: everything', 2, { weight: {} }, { weight: 70, removedQuestion: 'x' }],
    ['a newer version: only the questions that still exist', 3, { weight: {} }, { weight: 70 }],
    ['a version without properties: nothing', 3, undefined, {}],
  ])('%s', (_label, version, properties, expected) => expect(draftAnswersFor(draft, version, properties)).toEqual(expected));
});
