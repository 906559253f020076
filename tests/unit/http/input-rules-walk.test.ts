/**
 * The input rules walk what a client sent once parsed (arrays, plain objects), never an object
 * of the server's own: in split mode the gateway's body is the request stream itself, handed to
 * the proxy unparsed, and walking it (socket, server, every connection, to 65 levels) blocked
 * the gateway's event loop for good (issue 19).
 */
import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nonFiniteField, refusedField } from '../../../server/plugins/input-rules.ts';

describe('the input rules walk parsed data only', () => {
  it('finds a refused string or number in arrays and plain objects', () => {
    expect(refusedField({ a: [{ b: 'x\u0000' }] }, 'body')).toBe('body.a.0.b');
    expect(refusedField(Object.assign(Object.create(null) as object, { q: '\ud800' }), 'query')).toBe('query.q');
    expect(nonFiniteField({ a: { b: Infinity } }, 'query')).toBe('query.a.b');
    // The query-string parser's records: `new Empty()`, whose prototype has no prototype.
    const Empty = function Empty() {} as unknown as new () => object;
    Empty.prototype = Object.create(null) as object;
    expect(nonFiniteField(Object.assign(new Empty(), { page: -Infinity }), 'query')).toBe('query.page');
  });

  it('does not walk a stream, bytes or an object graph of the server', () => {
    // Walked, the server behind the stream would hold the test until its timeout.
    const server = createServer();
    const stream = Object.assign(new PassThrough(), { server, note: 'x\u0000' });
    expect(refusedField(stream, 'body')).toBeUndefined();
    expect(nonFiniteField(Object.assign(new PassThrough(), { n: Infinity }), 'body')).toBeUndefined();
    expect(refusedField(Buffer.from('x\u0000'), 'body')).toBeUndefined();
  });
});
