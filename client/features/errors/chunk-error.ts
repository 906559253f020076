/**
 * A route module that cannot be fetched (usually a new deployment removed the old chunk):
 * the browser reloads the target address once (spec 000 §2). A second failure within a
 * minute on the same address is shown instead of reloading in a loop.
 */
const CHUNK_FAILURE = [
  /loading (css )?chunk [\w-]+ failed/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? '');
  return /ChunkLoadError/.test(message) || CHUNK_FAILURE.some((re) => re.test(message));
}

const KEY = 'chunk-reload';
const WINDOW_MS = 60_000;

/** Reloads `target` unless it was just reloaded for the same reason; returns whether it did. */
export function reloadOnce(target: string, storage: Storage = sessionStorage, now = Date.now(), reload = (url: string) => window.location.replace(url)): boolean {
  const previous = storage.getItem(KEY);
  const [at, url] = previous ? [Number(previous.split(' ')[0]), previous.slice(previous.indexOf(' ') + 1)] : [0, ''];
  if (url === target && now - at < WINDOW_MS) return false;
  storage.setItem(KEY, `${now} ${target}`);
  reload(target);
  return true;
}
