/** The draft of the questionnaire being answered: read once, saved as the patient types, cleared once sent. */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { clearDraft, draftAnswersFor, loadDraft, pruneDrafts, saveDraft, type DraftKey } from './draft-storage.ts';

const SAVE_DELAY_MS = 300;

export function useDraft(key: DraftKey, version: number, properties: Record<string, unknown> | undefined) {
  const id = `${key.userId}|${key.patientFileId}|${key.formId}|${key.occurrenceId ?? ''}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableKey = useMemo(() => key, [id]);
  const initial = useMemo(() => {
    pruneDrafts(localStorage, stableKey.userId, new Date());
    const draft = loadDraft(localStorage, stableKey, new Date());
    return draft ? { answers: draftAnswersFor(draft, version, properties), savedAt: draft.savedAt } : undefined;
  }, [stableKey, version, properties]);

  const pending = useRef<Record<string, unknown> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current) saveDraft(localStorage, stableKey, version, pending.current, new Date());
    pending.current = undefined;
  }, [stableKey, version]);

  const save = useCallback((answers: Record<string, unknown>) => {
    pending.current = answers;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SAVE_DELAY_MS);
  }, [flush]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = undefined;
    clearDraft(localStorage, stableKey);
  }, [stableKey]);

  // A reload or a closed tab within the delay still keeps the last keystrokes.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => { window.removeEventListener('pagehide', flush); flush(); };
  }, [flush]);

  return { initial, save, clear };
}
