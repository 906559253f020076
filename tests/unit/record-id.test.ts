/**
 * `x-record` (schemas/api/record-id.ts) is an annotation: both validators treat an id exactly as the
 * uuid it was before — the server's ajv in strict mode (which refuses unknown keywords unless
 * declared) and the client's @cfworker/json-schema (SchemaForm and the questionnaires) — and a kind
 * that is not in the closed list fails the type check.
 */
import { createCfworkerValidator } from '../../client/lib/json-schema-form/cfworker-validator.ts';
import type { RJSFSchema } from '@rjsf/utils';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RECORD_KINDS, recordId, recordKindOf, recordParams } from '../../schemas/api/record-id.ts';
import { serverOptions } from '../../server/logger.ts';

const UUID = '0b6f1f0e-6a7c-4d8e-9f00-1a2b3c4d5e6f';
const body = { type: 'object', required: ['indicatorIds'], properties: { indicatorIds: { type: 'array', items: recordId('indicator') } } } as const;

describe('recordId', () => {
  it('is a uuid that names its kind, each kind once', () => {
    expect(recordId('indicator')).toEqual({ type: 'string', format: 'uuid', 'x-record': 'indicator' });
    expect(recordKindOf(recordParams({ id: 'patientFile', noteId: 'note' }).properties.noteId)).toBe('note');
    expect(new Set(RECORD_KINDS).size).toBe(RECORD_KINDS.length);
    // @ts-expect-error a kind outside RECORD_KINDS
    recordId('indicatr');
  });

  it("is validated by the server's ajv (strict) as a uuid", async () => {
    const app = Fastify(serverOptions('silent', false));
    app.post('/x/:id', { schema: { params: recordParams({ id: 'patientFile' }), body } }, async () => ({ ok: true }));
    await app.ready();
    const post = (id: string, ids: string[]) => app.inject({ method: 'POST', url: `/x/${id}`, payload: { indicatorIds: ids } });
    expect((await post(UUID, [UUID])).statusCode).toBe(200);
    expect((await post('not-a-uuid', [UUID])).statusCode).toBe(400);
    expect((await post(UUID, ['x'])).statusCode).toBe(400);
    await app.close();
  });

  it("is validated by the client's validator as a uuid", () => {
    const validator = createCfworkerValidator((key) => key);
    const schema = structuredClone(body) as unknown as RJSFSchema;
    expect(validator.validateFormData({ indicatorIds: [UUID] }, schema).errors).toEqual([]);
    expect(validator.validateFormData({ indicatorIds: ['x'] }, schema).errors).not.toEqual([]);
  });
});
