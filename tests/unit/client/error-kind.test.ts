/** What a failed load tells the person: a record they cannot open is "not found", never "retry". */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../client/lib/api/api-error.ts';
import { errorKind } from '../../../client/lib/api/error-kind.ts';

describe('error kind of a failed load', () => {
  it.each([
    ['404 not_found (missing, or another establishment’s)', new ApiError(404, { code: 'not_found', message: 'x' }), 'notFound'],
    ['404 without a body', new ApiError(404, undefined), 'notFound'],
    ['403 refused for the record', new ApiError(403, { code: 'forbidden', message: 'x' }), 'notFound'],
    ['401 on the record', new ApiError(401, { code: 'insufficient_authentication', message: 'x' }), 'notFound'],
    ['403 anti-forgery token (passes once renewed)', new ApiError(403, { code: 'csrf_token_invalid', message: 'x' }), 'failed'],
    ['403 cross-site request', new ApiError(403, { code: 'cross_site_request', message: 'x' }), 'failed'],
    ['400 on the address’s id (a typed or truncated link)', new ApiError(400, { code: 'validation_error', message: 'x', field: 'params.id' }), 'notFound'],
    ['400 on a sent field', new ApiError(400, { code: 'validation_error', message: 'x', field: 'body.note' }), 'failed'],
    ['500', new ApiError(500, { code: 'internal_error', message: 'x' }), 'failed'],
    ['503 from a proxy, no JSON', new ApiError(503, undefined), 'failed'],
    ['network failure', new TypeError('Failed to fetch'), 'failed'],
    ['anything else', new Error('boom'), 'failed'],
  ] as const)('%s → %s', (_, error, expected) => {
    expect(errorKind(error)).toBe(expected);
  });
});
