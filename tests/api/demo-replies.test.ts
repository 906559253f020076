/**
 * The demo world read back through the API's own reply schemas (issue 19, "Smaller"): the demo's
 * closed file answered 500 on GET /api/patient_files/{id}/status because the demo stored
 * `closingReasonType: "TRANSFER"` where the schema says TRANSFERRED. Fastify serializes a reply
 * with its route's response schema, which never checks an enum: a stored value outside it either
 * breaks the serializer (500) or goes out as is. So each reply here is checked with ajv against
 * the contract's schema for its status (schemas/api/), every error, every value, every format.
 *
 * The world is the one `npm start` makes (server/main.ts): provisionDemo, the questionnaires
 * assigned, then the telemonitoring (a protocol, 90 days of values, their alerts). Then, for each
 * demo account, every route that reads (GET, and the POSTs marked readOnly) is called with the
 * demo's records the account reaches: the routes are the contracts (CONTRACTS, as the access
 * matrix finds them), each path id filled by the kind its contract declares (recordId): files
 * the account opens (one GET /api/patient_files/{id} each tells), their records (conditions,
 * questionnaires, answers, answer files, alert batches, the indicators measured on them, the
 * patient and their identity documents), the establishments, their catalogue records. A list is
 * read whole: its largest page size, every page. A 5xx, a status the contract does not declare,
 * or a reply its schema refuses fails the test, each named by account, address and error.
 * Runs on PGlite and PostgreSQL.
 */
import { eq, inArray } from 'drizzle-orm';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertBatches, educationContents, establishments, fileAttachments, files, formResponses, forms, identityDocuments, indicators, measures, patientConditions,
  patientFileForms, patientFiles, protocols, services, users,
} from '../../server/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../server/demo/accounts.ts';
import { provisionDemoAssignments } from '../../server/demo/assignments.ts';
import { provisionDemoEducation } from '../../server/demo/education.ts';
import { provisionDemoMonitoring } from '../../server/demo/monitoring.ts';
import { CONTRACTS } from '../../schemas/api/index.ts';
import { pathOf, type RouteContract } from '../../schemas/api/contract.ts';
import { RECORD_KEYWORD, recordKindOf, type RecordKind } from '../../schemas/api/record-id.ts';
import { login, startGateway, type TestGateway } from '../helpers/app.ts';

interface JsonSchema { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[]; maximum?: number; default?: unknown }

/** Routes that read but are not walked here, each with why. */
const SKIPPED = new Map([
  // A live stream: it answers until the client leaves (tests/api/alerts-live.test.ts reads it).
  ['eventRoutes.stream', 'a stream'],
  // Public files (logos, schemas) of the UI catalogue, not demo records.
  ['uiRoutes.logo', 'not a demo record'], ['uiRoutes.schema', 'not a demo record'],
]);

/** Routes no demo record reaches, each with why: the walk answers every other one 2xx at least once. */
const UNANSWERED = new Map<string, string>([
  ['fileRoutes.downloadOfPatientFile', 'the demo answers no questionnaire with a file'],
  ['formRoutes.response', 'the demo answers no questionnaire (its values are typed)'],
  ['identityRoutes.document', 'the demo stores no identity document'],
  ['identityRoutes.downloadDocument', 'the demo stores no identity document'],
  // server/main.ts adds the demo's documents once the gateway serves (their bytes go through its
  // storage), after the world this file builds: their lists answer empty here, and these have no id.
  ['documentRoutes.get', 'the demo documents are added by server/main.ts, not in this world'],
  ['documentRoutes.view', 'the demo documents are added by server/main.ts, not in this world'],
  ['documentRoutes.download', 'the demo documents are added by server/main.ts, not in this world'],
  // The same for the demo conversations (server/demo/messages.ts): their attachments have no id here.
  ['messageRoutes.attachment', 'the demo messages are added by server/main.ts, not in this world'],
  ['messageRoutes.download', 'the demo messages are added by server/main.ts, not in this world'],
]);

/** The pages a layout route is asked for: those the default layouts provision. */
const PAGES = ['patient-home', 'patient-file-summary', 'professional-dashboard'];

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, addUsedSchema: false, keywords: [RECORD_KEYWORD] });
addFormats.default(ajv);
const validators = new Map<object, ValidateFunction>();
const validatorOf = (schema: object) => {
  let v = validators.get(schema);
  if (!v) validators.set(schema, v = ajv.compile(schema));
  return v;
};

/** The demo's records, by what reads them. */
interface World {
  establishments: string[];
  files: { id: string; patientId: string; establishmentId: string }[];
  /** Per patient file: its records of each kind a path may name beside the file. */
  ofFile: Map<string, Partial<Record<RecordKind, string[]>>>;
  /** Per person: their identity documents. */
  documents: Map<string, string[]>;
  /** The demo accounts' own files (patient.open's, patient.multi's...): every account that opens them reads them. */
  showcase: Set<string>;
  /** Records of the establishments' catalogues (read without a file). */
  catalogue: Partial<Record<RecordKind, string[]>>;
}
let world: World;
/** The routes that answered 2xx at least once, to any account. */
const answered = new Set<string>();
/** The files read whole so far, by any account. */
const walked = new Set<string>();

/** Rows by their patient file (a key may be null: a service's therapeutic content is in no file; never asked here). */
const group = <T extends { key: string | null; id: string }>(rows: T[]) => {
  const map = new Map<string, string[]>();
  for (const r of rows) if (r.key !== null) map.set(r.key, [...(map.get(r.key) ?? []), r.id]);
  return map;
};

async function readWorld(): Promise<World> {
  const fileRows = await db.select({ id: patientFiles.id, patientId: patientFiles.patientId, establishmentId: services.establishmentId })
    .from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId));
  const ids = fileRows.map((f) => f.id);
  const [conditionRows, formRows, responseRows, attachmentRows, batchRows, measuredRows] = await Promise.all([
    db.select({ key: patientConditions.patientFileId, id: patientConditions.id }).from(patientConditions).where(inArray(patientConditions.patientFileId, ids)),
    db.select({ key: patientFileForms.patientFileId, id: patientFileForms.formId }).from(patientFileForms).where(inArray(patientFileForms.patientFileId, ids)),
    db.select({ key: formResponses.patientFileId, id: formResponses.id }).from(formResponses).where(inArray(formResponses.patientFileId, ids)),
    db.select({ key: fileAttachments.patientFileId, id: fileAttachments.fileId }).from(fileAttachments).where(inArray(fileAttachments.patientFileId, ids)),
    db.select({ key: alertBatches.patientFileId, id: alertBatches.id }).from(alertBatches).where(inArray(alertBatches.patientFileId, ids)),
    db.selectDistinct({ key: measures.patientFileId, id: measures.indicatorId }).from(measures).where(inArray(measures.patientFileId, ids)),
  ]);
  const byKind: [RecordKind, Map<string, string[]>][] = [
    ['condition', group(conditionRows)], ['form', group(formRows)], ['response', group(responseRows)], ['answerFile', group(attachmentRows)],
    ['alertBatch', group(batchRows)], ['indicator', group(measuredRows)],
  ];
  // A file's therapeutic content: its service's library.
  const education = await db.select({ key: patientFiles.id, id: educationContents.id }).from(educationContents)
    .innerJoin(patientFiles, eq(patientFiles.serviceId, educationContents.serviceId)).where(inArray(patientFiles.id, ids));
  byKind.push(['educationContent', group(education)]);
  const ofFile = new Map(fileRows.map((f) => [f.id, Object.fromEntries(byKind.map(([kind, map]) => [kind, map.get(f.id) ?? []]))]));
  const documentRows = await db.select({ key: identityDocuments.personId, id: identityDocuments.id }).from(identityDocuments);
  const [serviceRows, contentRows] = await Promise.all([db.select({ id: services.id }).from(services), db.select({ id: educationContents.id }).from(educationContents)]);
  const [establishmentRows, indicatorRows, protocolRows, catalogueForms, uploads] = await Promise.all([
    db.select({ id: establishments.id }).from(establishments),
    db.select({ id: indicators.id }).from(indicators),
    db.select({ id: protocols.id }).from(protocols),
    db.select({ id: forms.id }).from(forms),
    db.select({ id: files.id }).from(files),
  ]);
  const demoPatients = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)))).map((u) => u.id));
  return {
    establishments: establishmentRows.map((r) => r.id),
    files: fileRows,
    showcase: new Set(fileRows.filter((f) => demoPatients.has(f.patientId)).map((f) => f.id)),
    ofFile,
    documents: group(documentRows),
    catalogue: { indicator: indicatorRows.map((r) => r.id), protocol: protocolRows.map((r) => r.id), form: catalogueForms.map((r) => r.id), upload: uploads.map((r) => r.id),
      service: serviceRows.map((r) => r.id), educationContent: contentRows.map((r) => r.id) },
  };
}

/** The largest page a list's query accepts (its page sizes' largest, or its maximum). */
function largestPage(query: JsonSchema | undefined): Record<string, number> {
  const size = query?.properties?.pageSize;
  if (!size) return {};
  const largest = size.enum ? Math.max(...(size.enum as number[])) : size.maximum ?? (size.default as number);
  return { pageSize: largest };
}

interface Problem { account: string; call: string; status: number; errors: string }

/** A logged-in demo account, called in process (app.inject) with its session cookie and anti-forgery token. */
interface Caller { account: string; cookie: string; csrf: string }

/** Calls one address (every page of a list), checks each reply against the contract; answers the replies' bodies. */
async function read(caller: Caller, name: string, contract: RouteContract, params: Record<string, string>, query: Record<string, string>, problems: Problem[]) {
  const bodies: unknown[] = [];
  // A GET is paged by its query, a search (a readOnly POST) by its body.
  const get = contract.method === 'GET';
  const paged = largestPage((get ? contract.querystring : contract.body) as JsonSchema);
  for (let page = 1; ; page++) {
    const paging = 'pageSize' in paged ? { page, pageSize: paged.pageSize } : {};
    const pageQuery = get ? { ...query, ...Object.fromEntries(Object.entries(paging).map(([k, v]) => [k, String(v)])) } : query;
    const url = pathOf(contract.url, params);
    const res = await gw.app.inject({
      method: contract.method, url, query: pageQuery, headers: { cookie: caller.cookie, 'x-csrf-token': caller.csrf }, ...(get ? {} : { payload: paging }),
    });
    const call = `${contract.method} ${url}${Object.keys(pageQuery).length ? `?${new URLSearchParams(pageQuery)}` : ''} (${name})`;
    const schema = contract.response[res.statusCode] as object | undefined;
    const body = /json/.test(String(res.headers['content-type'])) ? res.json() as unknown : undefined;
    if (res.statusCode >= 500) problems.push({ account: caller.account, call, status: res.statusCode, errors: res.body });
    else if (!schema) problems.push({ account: caller.account, call, status: res.statusCode, errors: `status not in the contract: ${res.body.slice(0, 200)}` });
    else if (body !== undefined) {
      const validate = validatorOf(schema);
      if (!validate(body)) problems.push({ account: caller.account, call, status: res.statusCode, errors: ajv.errorsText(validate.errors, { separator: '; ' }) });
    }
    if (res.statusCode < 300) answered.add(name);
    bodies.push(body);
    const list = body as { totalItems?: number } | undefined;
    if (res.statusCode !== 200 || !('pageSize' in paged) || typeof list?.totalItems !== 'number' || page * paged.pageSize >= list.totalItems) break;
  }
  return bodies;
}

const kindsOf = (contract: RouteContract) => Object.entries((contract.params as JsonSchema | undefined)?.properties ?? {})
  .map(([param, schema]) => [param, recordKindOf(schema)] as const);

/** The path parameters to call a route with, for the records `account` reaches; undefined: a route these records do not reach. */
function paramsFor(contract: RouteContract, reached: World['files']): Record<string, string>[] | undefined {
  const [head, ...rest] = kindsOf(contract);
  if (!head) return [{}];
  const [first, firstKind] = head;
  // Each further parameter names a record of the first one's.
  const combine = (anchor: string, children: (kind: RecordKind | undefined) => string[] | undefined) => {
    let out: Record<string, string>[] = [{ [first]: anchor }];
    for (const [param, kind] of rest) {
      const ids = children(kind) ?? [];
      out = out.flatMap((p) => ids.map((id) => ({ ...p, [param]: id })));
    }
    return out;
  };
  switch (firstKind) {
    case 'patientFile':
      return reached.flatMap((f) => combine(f.id, (kind) => world.ofFile.get(f.id)?.[kind!]));
    case 'person':
      return [...new Set(reached.map((f) => f.patientId))].flatMap((p) => combine(p, (kind) => (kind === 'identityDocument' ? world.documents.get(p) : undefined)));
    case 'establishment':
      return world.establishments.map((e) => ({ [first]: e }));
    case 'document': case 'message':
      return [];
    case 'condition': case 'response': case 'alertBatch':
      return reached.flatMap((f) => (world.ofFile.get(f.id)?.[firstKind] ?? []).map((id) => ({ [first]: id })));
    case 'indicator': case 'protocol': case 'form': case 'upload': case 'service': case 'educationContent':
      return (world.catalogue[firstKind] ?? []).map((id) => ({ [first]: id }));
    default:
      return first === 'page' ? PAGES.map((page) => ({ page })) : undefined;
  }
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  // What server/main.ts does after provisionDemo, once the gateway has synced the questionnaires.
  const now = gw.clock.now();
  await provisionDemoAssignments(db, now);
  await provisionDemoMonitoring(db, now);
  // The Cardiologie library (server/main.ts adds it too): bytes through the gateway's storage.
  await provisionDemoEducation(db, gw.app.storage, now);
  world = await readWorld();
}, 300_000);
afterAll(async () => { await gw?.close(); });

describe('every read of the demo world answers within its contract', () => {
  const routes = [...CONTRACTS].filter(([name, c]) => (c.method === 'GET' || c.readOnly) && !SKIPPED.has(name));

  it('refuses what the serializer would let through: a value outside its enum, a missing field', () => {
    const status = CONTRACTS.get('patientFileStatusRoutes.get')!;
    const validate = validatorOf(status.response[200] as object);
    const reply = {
      id: '5d91ed19-3a0c-4263-998d-90550af8e75f', status: 'CLOSED', startDate: null, endDate: null, closedAt: '2026-01-15T08:00:00.000Z', closedBy: null,
      closingReasonType: 'TRANSFERRED', closingReason: 'Transfert', patientDataActive: true,
    };
    expect(validate(reply), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ ...reply, closingReasonType: 'TRANSFER' })).toBe(false);
    const { patientDataActive: _, ...missing } = reply;
    expect(validate(missing)).toBe(false);
  });

  it('knows how to fill every path parameter of the routes that read', () => {
    const unknown = routes.filter(([, c]) => paramsFor(c, []) === undefined).map(([name, c]) => `${name} ${c.url}`);
    expect(unknown, 'add the kind to paramsFor').toEqual([]);
  });

  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s', { timeout: 300_000 }, async (email) => {
    const b = await login(gw.app, email);
    const caller: Caller = { account: email, cookie: b.sessionCookie.split(';')[0]!, csrf: b.csrf };
    const problems: Problem[] = [];
    // The files the account opens: GET /api/patient_files/{id} of each demo file says which.
    const getFile = CONTRACTS.get('patientFileRoutes.get')!;
    const reached: World['files'] = [];
    for (const file of world.files) {
      const [body] = await read(caller, 'patientFileRoutes.get', getFile, { id: file.id }, {}, problems);
      if ((body as { id?: string } | undefined)?.id === file.id) reached.push(file);
    }
    // Every account reads the demo accounts' files it opens; the demo population's files, whose
    // replies are the same for every professional, are read whole once, by the first who opens them.
    const walkedHere = reached.filter((f) => world.showcase.has(f.id) || !walked.has(f.id));
    for (const f of walkedHere) walked.add(f.id);
    for (const [name, contract] of routes) {
      if (name === 'patientFileRoutes.get') continue;
      for (const params of paramsFor(contract, walkedHere) ?? []) {
        // A layout is asked for in each establishment (the structure the screen is shown in).
        const queries = contract.url.startsWith('/ui/layouts') ? world.establishments.map((structure) => ({ structure })) : [{}];
        for (const query of queries) {
          await read(caller, name, contract, params, query, problems);
        }
      }
    }
    expect(problems.map((p) => `${p.call} → ${p.status}: ${p.errors}`)).toEqual([]);
  });

  it('answered every route that reads, but those the demo has no record for', () => {
    const never = routes.filter(([name]) => !answered.has(name)).map(([name]) => name);
    expect(never.sort()).toEqual([...UNANSWERED.keys()].sort());
  });
});
