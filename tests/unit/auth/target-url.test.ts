/**
 * Issue 8, Security 1, as a property: whatever a caller sends as targetUrl, the gateway either
 * refuses it or emits a path that a browser can only read as this origin (one '/', then neither
 * '/' nor '\'), and that stays the same when read again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors.ts';
import { safeTargetUrl } from '../../../server/auth/target-url.ts';

const PUBLIC = new URL('http://localhost:3000');
/** Pieces that open-redirect payloads are made of. */
const PIECES = ['/', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', '\t', '\n', '\r', ' ', '@', ':', '#', '?', 'evil.example',
  'localhost:3000', 'localhost', 'http:', 'https:', 'javascript:', '//', 'p', '0', '%09', '%00', '\u3002', '\uff0f'];
const payload = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));

function outcome(value: string): string | 'refused' {
  try {
    return safeTargetUrl(value, PUBLIC);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_target_url');
    return 'refused';
  }
}

describe('safeTargetUrl', () => {
  it('never emits a value a browser could read as another origin', () => {
    fc.assert(fc.property(fc.oneof(payload, fc.string({ maxLength: 40 }), fc.webUrl()), (value) => {
      const path = outcome(value);
      if (path === 'refused') return;
      expect(path).toMatch(/^\/(?![/\\])/);
      for (const base of [PUBLIC, new URL('https://other.example/deep/path/')]) {
        expect(new URL(path, base).origin).toBe(base.origin);
      }
      // Idempotent: what was emitted is accepted as is.
      expect(safeTargetUrl(path, PUBLIC)).toBe(path);
    }), { numRuns: 5000 });
  });
});
