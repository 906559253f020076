/**
 * A questionnaire being answered is kept in the browser (localStorage), so that a reload or an
 * expired session loses nothing typed (issue 5 §4). One draft per user, patient file,
 * questionnaire and occurrence; cleared once the answer is sent. Drafts hold health data on
 * the device: they are dropped after DRAFT_MAX_AGE_DAYS and never shared between accounts.
 */
export const DRAFT_PREFIX = 'telesuivi.questionnaire-draft.v1';
export const DRAFT_MAX_AGE_DAYS = 30;
const DAY = 86_400_000;

export interface DraftKey { userId: string; patientFileId: string; formId: string; occurrenceId?: string }
export interface Draft { version: number; savedAt: string; answers: Record<string, unknown> }
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export const draftKey = (k: DraftKey) => [DRAFT_PREFIX, k.userId, k.patientFileId, k.formId, k.occurrenceId ?? 'free'].join(':');

function parse(raw: string | null): Draft | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.version !== 'number' || typeof value.savedAt !== 'string' || !value.answers || typeof value.answers !== 'object' || Array.isArray(value.answers)) return undefined;
    return value as Draft;
  } catch {
    return undefined;
  }
}

const expired = (draft: Draft, now: Date) => now.getTime() - Date.parse(draft.savedAt) > DRAFT_MAX_AGE_DAYS * DAY || Number.isNaN(Date.parse(draft.savedAt));

export function loadDraft(store: Store, key: DraftKey, now: Date): Draft | undefined {
  const name = draftKey(key);
  const draft = parse(safe(() => store.getItem(name), null));
  if (!draft || expired(draft, now)) {
    safe(() => store.removeItem(name), undefined);
    return undefined;
  }
  return draft;
}

/** False when the browser refused (private mode, quota): the form still works, unsaved. */
export function saveDraft(store: Store, key: DraftKey, version: number, answers: Record<string, unknown>, now: Date): boolean {
  const draft: Draft = { version, savedAt: now.toISOString(), answers };
  return safe(() => { store.setItem(draftKey(key), JSON.stringify(draft)); return true; }, false);
}

export function clearDraft(store: Store, key: DraftKey): void {
  safe(() => store.removeItem(draftKey(key)), undefined);
}

/** Removes this user's drafts older than the limit (and unreadable ones). */
export function pruneDrafts(store: Store, userId: string, now: Date): number {
  const prefix = `${DRAFT_PREFIX}:${userId}:`;
  const names: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const name = safe(() => store.key(i), null);
    if (name?.startsWith(prefix)) names.push(name);
  }
  let removed = 0;
  for (const name of names) {
    const draft = parse(safe(() => store.getItem(name), null));
    if (!draft || expired(draft, now)) { safe(() => store.removeItem(name), undefined); removed++; }
  }
  return removed;
}

/**
 * The answers of a draft for the version being answered: all of them when the version is the
 * same; after a new version, only the answers whose question still exists.
 */
export function draftAnswersFor(draft: Draft, version: number, properties: Record<string, unknown> | undefined): Record<string, unknown> {
  if (draft.version === version) return draft.answers;
  return Object.fromEntries(Object.entries(draft.answers).filter(([name]) => properties && Object.hasOwn(properties, name)));
}

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}
