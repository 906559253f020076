/**
 * The identity-service adapter against the simulator, both over real HTTP (issue 10 deliverable 2,
 * spec 001 §5): the simulator listens on a free port, the adapter calls it like the real service.
 */
import { readdirSync, readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitySearchRequest, ServiceIdentity } from '../../schemas/identity-service.ts';
import { identityService } from '../../server/identity-service/adapter.ts';
import { insKey, isValidInsNumber } from '../../server/identity-service/ins-number.ts';
import { buildIdentitySimulator } from '../../server/identity-service/simulator.ts';
import { TEST_IDENTITIES, TEST_INS_OID } from '../../server/identity-service/test-identities.ts';

const TIMEOUT_MS = 300;
let simulator: FastifyInstance;
let baseUrl: string;

const person = (purpose: string, index = 0): ServiceIdentity =>
  TEST_IDENTITIES.filter((p) => p.purpose === purpose)[index]!.identity;
const traits = ({ birthName, firstNames, birthDate, sex }: ServiceIdentity): IdentitySearchRequest => ({ birthName, firstNames, birthDate, sex });

beforeAll(async () => {
  // The slow person answers far later than the adapter waits (and is released when the simulator closes).
  simulator = buildIdentitySimulator({ slowAnswerMs: 60_000 });
  baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => simulator.close());

describe('INS number key', () => {
  it('is 97 minus the number modulo 97, with 2A and 2B counted as 19 and 18', () => {
    expect(insKey('2850675056123')).toBe('54');
    expect(insKey('299022A004042')).toBe(insKey('2990219004042'));
    expect(insKey('299022B004042')).toBe(insKey('2990218004042'));
    expect(insKey('1920A33063045')).toBeUndefined();
    expect(isValidInsNumber('285067505612354')).toBe(true);
    expect(isValidInsNumber('285067505612355')).toBe(false);
  });

  it('is right for every test identity, all under the test register OID', () => {
    for (const { identity } of TEST_IDENTITIES) {
      expect(isValidInsNumber(identity.insNumber), identity.birthName).toBe(true);
      expect(identity.oid).toBe(TEST_INS_OID);
    }
  });
});

describe('search', () => {
  it('finds one identity by its traits, in any case and with or without accents', async () => {
    const service = identityService(baseUrl, { timeoutMs: 5_000 });
    const dupre = person('found');
    expect(await service.search(traits(dupre))).toEqual({ outcome: 'found', identity: dupre });
    expect(await service.search({ ...traits(dupre), birthName: 'dupre', firstNames: 'HELENE' })).toEqual({ outcome: 'found', identity: dupre });
    expect(await service.search({ ...traits(dupre), firstNames: 'Hélène, Marie' })).toEqual({ outcome: 'found', identity: dupre });
    expect(await service.search(traits(person('found-corsica')))).toMatchObject({ outcome: 'found' });
  });

  it('matches birth date and sex exactly, and first names in their order', async () => {
    const service = identityService(baseUrl);
    const dupre = person('found');
    expect(await service.search({ ...traits(dupre), birthDate: '1985-06-13' })).toEqual({ outcome: 'not_found' });
    expect(await service.search({ ...traits(dupre), sex: 'unknown' })).toEqual({ outcome: 'not_found' });
    expect(await service.search({ ...traits(dupre), firstNames: 'Marie' })).toEqual({ outcome: 'not_found' });
  });

  it('answers not found for a person the service does not know', async () => {
    expect(await identityService(baseUrl).search(traits(person('not-found')))).toEqual({ outcome: 'not_found' });
  });

  it('answers several matches for namesakes born the same day', async () => {
    const martin = person('several-matches', 1); // "Jean" begins both namesakes' first names
    expect(await identityService(baseUrl).search(traits(martin))).toEqual({ outcome: 'several_matches', count: 2 });
  });

  it('maps the service failing to service_error', async () => {
    const outcome = await identityService(baseUrl).search(traits(person('service-error')));
    expect(outcome).toMatchObject({ outcome: 'service_error', detail: expect.stringContaining('HTTP 503 service_unavailable') });
  });

  it('gives up after its timeout when the service answers late', async () => {
    const started = performance.now();
    const outcome = await identityService(baseUrl, { timeoutMs: TIMEOUT_MS }).search(traits(person('slow')));
    expect(outcome).toEqual({ outcome: 'timeout' });
    // Answered by the adapter's own deadline, not by the simulator (which would have taken a minute).
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('maps an unreachable service to service_error', async () => {
    const closed = buildIdentitySimulator();
    const address = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    expect(await identityService(address).search(traits(person('found')))).toMatchObject({
      outcome: 'service_error', detail: expect.stringContaining('unreachable'),
    });
  });
});

describe('answers outside the contract', () => {
  it('are the service failing, not data the platform would store', async () => {
    // A service that answers 200 with a found identity lacking its INS number, then a 200 that is not JSON.
    const broken = Fastify();
    broken.post('/identities/search', async () => ({ status: 'found', identity: { birthName: 'X' } }));
    broken.post('/identities/verify', async (_request, reply) => reply.type('text/html').send('<html>maintenance</html>'));
    const address = await broken.listen({ port: 0, host: '127.0.0.1' });
    try {
      const dupre = person('found');
      expect(await identityService(address).search(traits(dupre))).toEqual({ outcome: 'service_error', detail: 'answer outside the contract' });
      expect(await identityService(address).verify({ ...traits(dupre), insNumber: dupre.insNumber, oid: dupre.oid })).toEqual({
        outcome: 'service_error', detail: 'HTTP 200, not JSON',
      });
    } finally {
      await broken.close();
    }
  });
});

describe('verify', () => {
  it('verifies an identity with its traits, INS number and OID', async () => {
    const dupre = person('found');
    const outcome = await identityService(baseUrl).verify({ ...traits(dupre), insNumber: dupre.insNumber, oid: dupre.oid });
    expect(outcome).toEqual({ outcome: 'verified', identity: dupre });
  });

  it('tells one namesake from the other by the INS number', async () => {
    const martin = person('several-matches', 1);
    const outcome = await identityService(baseUrl).verify({ ...traits(martin), insNumber: martin.insNumber, oid: martin.oid });
    expect(outcome).toEqual({ outcome: 'verified', identity: martin });
  });

  it('does not verify a wrong INS key, another OID or other traits', async () => {
    const service = identityService(baseUrl);
    const dupre = person('found');
    const body = dupre.insNumber.slice(0, 13);
    const wrongKey = body + String((Number(dupre.insNumber.slice(13)) + 1) % 100).padStart(2, '0');
    const request = { ...traits(dupre), insNumber: dupre.insNumber, oid: dupre.oid };
    expect(await service.verify({ ...request, insNumber: wrongKey })).toEqual({ outcome: 'not_verified' });
    expect(await service.verify({ ...request, oid: '1.2.250.1.213.1.4.8' })).toEqual({ outcome: 'not_verified' });
    expect(await service.verify({ ...request, birthDate: '1985-06-13' })).toEqual({ outcome: 'not_verified' });
    const corsica = person('found-corsica');
    expect(await service.verify({ ...request, insNumber: corsica.insNumber })).toEqual({ outcome: 'not_verified' });
  });

  it('maps the service failing to service_error', async () => {
    const failing = person('service-error');
    const outcome = await identityService(baseUrl).verify({ ...traits(failing), insNumber: failing.insNumber, oid: failing.oid });
    expect(outcome).toMatchObject({ outcome: 'service_error' });
  });
});

describe('required fields (spec 001 §5)', () => {
  const dupre = person('found');

  it.each(['birthName', 'firstNames', 'birthDate', 'sex'] as const)('search without %s is refused before calling the service', async (field) => {
    const request: Partial<IdentitySearchRequest> = { ...traits(dupre) };
    delete request[field];
    const outcome = await identityService(baseUrl).search(request as IdentitySearchRequest);
    expect(outcome).toEqual({ outcome: 'invalid_request', fields: [field] });
  });

  it.each(['birthName', 'firstNames', 'birthDate', 'sex', 'insNumber', 'oid'] as const)('verification without %s is refused', async (field) => {
    const request: Record<string, string> = { ...traits(dupre), insNumber: dupre.insNumber, oid: dupre.oid };
    delete request[field];
    const outcome = await identityService(baseUrl).verify(request as never);
    expect(outcome).toEqual({ outcome: 'invalid_request', fields: [field] });
  });

  it('refuses malformed traits too (empty name, incomplete date, unknown sex)', async () => {
    const outcome = await identityService(baseUrl).search({ ...traits(dupre), birthName: '', birthDate: '1985-06', sex: 'x' as never });
    expect(outcome).toMatchObject({ outcome: 'invalid_request' });
    expect((outcome as { fields: string[] }).fields.sort()).toEqual(['birthDate', 'birthName', 'sex']);
  });

  it('the simulator itself answers 400 to a request missing a required field', async () => {
    const { birthName: _, ...noBirthName } = traits(dupre);
    for (const path of ['/identities/search', '/identities/verify']) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(noBirthName),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 'error', code: 'invalid_request' });
    }
  });
});

describe('separation from the care platform', () => {
  it('the adapter and simulator import only each other, schemas/ and packages (nothing of server/care, ui or auth)', () => {
    const folder = new URL('../../server/identity-service/', import.meta.url);
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, folder), 'utf8');
      const relative = [...source.matchAll(/from '(\.[^']*)'/g)].map((m) => m[1]!);
      for (const specifier of relative) expect(specifier, file).toMatch(/^(\.\/[^/]+\.ts|\.\.\/\.\.\/schemas\/[\w/-]+\.ts)$/);
    }
  });
});
