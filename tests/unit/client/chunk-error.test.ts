import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnce } from '../../../client/features/errors/chunk-error.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(k: string) { return this.items.get(k) ?? null; }
  setItem(k: string, v: string) { this.items.set(k, v); }
}

describe("'loading chunk failed' errors (spec 000 §2)", () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'), true],
    [new TypeError('error loading dynamically imported module: http://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }), true],
    [new Error('Loading CSS chunk 7 failed'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    [new Response(null, { status: 404 }), false],
    [undefined, false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });

  it('reloads the target address once, not in a loop', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const reload = vi.fn();
    expect(reloadOnce('/p/0/messages', storage, 1000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledWith('/p/0/messages');
    expect(reloadOnce('/p/0/messages', storage, 5000, reload)).toBe(false);
    expect(reloadOnce('/p/0/documents', storage, 6000, reload)).toBe(true);
    expect(reloadOnce('/p/0/documents', storage, 70_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
