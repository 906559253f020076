/**
 * A text field that answers each keystroke itself and tells the form after a pause (or on blur,
 * or Enter). rjsf re-renders the whole form on every change: on a 300-question questionnaire that
 * is tens of milliseconds per keystroke (rjsf issue 3715); typing now re-renders one input.
 * Validation, computed values and the draft follow the pause.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const TEXT_PAUSE_MS = 250;

export function useBufferedValue<V>(value: V, onChange: (value: V) => void, pauseMs = TEXT_PAUSE_MS) {
  const [local, setLocal] = useState(value);
  const pending = useRef<{ value: V } | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A value set from outside (a restored draft, a reset) wins when nothing typed is waiting.
  useEffect(() => { if (!pending.current) setLocal(value); }, [value]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const waiting = pending.current;
    pending.current = undefined;
    if (waiting) onChangeRef.current(waiting.value);
  }, []);

  const change = useCallback((next: V) => {
    setLocal(next);
    pending.current = { value: next };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, pauseMs);
  }, [flush, pauseMs]);

  useEffect(() => flush, [flush]);
  return { value: local, change, flush };
}
