/**
 * /openapi.json names the API's entities (schemas/api/components.ts) under components.schemas and
 * every operation refers to them by `$ref` instead of repeating them inline (issue 9 §2), and the
 * route table is the contracts': every route registered from schemas/api/ is documented as written there.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENTS } from '../../schemas/api/components.ts';
import type { RouteContract } from '../../schemas/api/contract.ts';
import * as establishments from '../../schemas/api/establishments.ts';
import * as forms from '../../schemas/api/forms.ts';
import { CONTRACTS } from '../../schemas/api/index.ts';
import * as me from '../../schemas/api/me.ts';
import { startGateway, type TestGateway } from '../helpers/app.ts';

interface Operation { summary?: string; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
interface Document { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } }

let gw: TestGateway;
let doc: Document;
beforeAll(async () => {
  gw = await startGateway({}, { demo: false });
  doc = (await request(gw.app.server).get('/openapi.json').expect(200)).body as Document;
});
afterAll(async () => { await gw.close(); });

const contracts: RouteContract[] = [...CONTRACTS.values()];
const operationOf = (contract: RouteContract) => doc.paths[contract.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[contract.method.toLowerCase()];
const successSchema = (operation: Operation | undefined) => {
  const status = Object.keys(operation?.responses ?? {}).find((s) => /^2/.test(s));
  return status ? operation!.responses![status]!.content?.['application/json']?.schema : undefined;
};

describe('OpenAPI components (issue 9 §2)', () => {
  it('lists every named schema, with its fields', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(Object.keys(COMPONENTS)));
    expect(doc.components.schemas.PatientFileSummary).toMatchObject({ type: 'object', properties: { id: { type: 'string' }, status: { enum: ['OPEN', 'CLOSED', 'AWAITING'] } } });
    expect(doc.components.schemas.ApiError).toMatchObject({ required: ['code', 'message'] });
  });

  it('refers to the named schema from each answer that is one, and from inside lists and pages', () => {
    expect(successSchema(operationOf(me.meRoutes.get))).toEqual({ $ref: '#/components/schemas/Me' });
    expect(successSchema(operationOf(establishments.patientFileRoutes.get))).toEqual({ $ref: '#/components/schemas/PatientFileSummary' });
    expect(successSchema(operationOf(me.meRoutes.patientFiles))).toMatchObject({ properties: { data: { items: { $ref: '#/components/schemas/PatientFileSummary' } } } });
    expect(operationOf(forms.formRoutes.response)!.responses!['404']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    const names = new Map(Object.entries(COMPONENTS).map(([name, schema]) => [schema, name]));
    for (const contract of contracts) {
      const status = ([200, 201] as const).find((s) => s in contract.response);
      const name = status && names.get(contract.response[status] as object);
      if (!name || contract.hide) continue;
      expect(successSchema(operationOf(contract)), `${contract.method} ${contract.url}`).toEqual({ $ref: `#/components/schemas/${name}` });
    }
  });

  it('registers every /api and /ui route from a contract of schemas/api/ (the one way to add a route)', () => {
    const declared = new Set(contracts.map((c) => `${c.method} ${c.url}`));
    const bare = gw.app.registeredRoutes
      .filter((r) => /^\/(api|ui)\//.test(r.url) && !r.url.includes('.unroutable'))
      // Fastify adds a HEAD route beside each GET.
      .filter((r) => !(r.method === 'HEAD' && declared.has(`GET ${r.url}`)))
      .map((r) => `${r.method} ${r.url}`).filter((key) => !declared.has(key));
    expect(bare).toEqual([]);
  });

  it('documents every contract registered, with its summary (HEAD routes are left out by @fastify/swagger)', () => {
    const registered = new Set(gw.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    for (const contract of contracts.filter((c) => registered.has(`${c.method} ${c.url}`) && c.method !== 'HEAD' && !c.url.includes('*'))) {
      expect(operationOf(contract)?.summary, `${contract.method} ${contract.url}`).toBe(contract.summary);
    }
  });
});
