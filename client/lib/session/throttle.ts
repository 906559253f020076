/**
 * Calls `fn` at most once per `intervalMs`; a call inside the interval is kept and made at
 * its end with the latest arguments (so the last value always gets through).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, intervalMs: number, clock = () => Date.now()) {
  let last = -Infinity;
  let pending: A | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const args = pending;
    pending = undefined;
    last = clock();
    fn(...args);
  };
  return (...args: A) => {
    const wait = last + intervalMs - clock();
    if (wait <= 0 && !timer) {
      last = clock();
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(flush, Math.max(0, wait));
  };
}
