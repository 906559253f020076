/**
 * A patient's identity (issue 10 §2, spec 001 §5, §7, §8): search and verification against the identity
 * service's simulator (started here, in-process, on a free port), history entries for every outcome,
 * status transitions, identity documents, changes with a proof, identity-document types, and scope.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'content-disposition';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, identityDocumentTypes, patientFileHistory, patientFiles, services, users } from '../../server/db/schema.ts';
import { buildIdentitySimulator } from '../../server/identity-service/simulator.ts';
import { TEST_IDENTITIES } from '../../server/identity-service/test-identities.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { historyOf, JPEG, MIME, PNG, pdf, uploadFile } from '../helpers/questionnaires.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let simulator: FastifyInstance;
let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let prescriber: Browser;
let operator: Browser;
let patient: Browser;
let superadmin: Browser;
let proTwo: Browser;
let chuAzur: string;
let tilleuls: string;
let cardiologie: string;
let orthopedie: string;

const person = (purpose: string) => TEST_IDENTITIES.find((p) => p.purpose === purpose)!.identity;

beforeAll(async () => {
  simulator = buildIdentitySimulator({ slowAnswerMs: 5_000 });
  await simulator.listen({ port: 0, host: '127.0.0.1' });
  const { port } = simulator.server.address() as AddressInfo;
  gw = await startGateway({ IDENTITY_SERVICE_URL: `http://127.0.0.1:${port}`, IDENTITY_SERVICE_TIMEOUT_MS: 400, LOG_LEVEL: 'error' });
  db = gw.db.database.db;
  const as = (local: string) => login(gw.app, demoEmail(local));
  [prescriber, operator, patient, superadmin, proTwo] = [await as('prescriber'), await as('operator'), await as('patient.open'), await as('superadmin'), await as('pro.two')];
  chuAzur = await establishmentIdOf(db, 'chu-azur');
  tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  const serviceOf = async (name: string) => (await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, chuAzur), eq(services.name, name))))[0]!.id;
  cardiologie = await serviceOf('Cardiologie');
  orthopedie = await serviceOf('Chirurgie orthopédique');
}, 60_000);
afterAll(async () => {
  await gw?.close();
  await simulator?.close();
});

type Traits = Partial<{ birthName: string; givenNames: string; birthDate: string; sex: string; insNumber: string; oid: string; birthPlaceInsee: string }>;

/** A new patient with these traits and an OPEN file in CHU Azur Cardiologie (the prescriber's), plus more files if asked. */
async function newPatient(traits: Traits, more: { serviceId: string; status: 'OPEN' | 'CLOSED' }[] = []) {
  const [user] = await db.insert(users).values({
    email: `identity-${randomUUID()}@example.test`, passwordHash: 'x', roles: ['ROLE_PATIENT'], firstName: 'Test', lastName: 'Patient', ...traits,
  }).returning({ id: users.id });
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: user!.id, serviceId: cardiologie, status: 'OPEN' }).returning({ id: patientFiles.id });
  const others: string[] = [];
  for (const m of more) {
    const [f] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: user!.id, serviceId: m.serviceId, status: m.status }).returning({ id: patientFiles.id });
    others.push(f!.id);
  }
  return { id: user!.id, file: file!.id, others };
}

const traitsOf = (purpose: string): Traits => {
  // MARTIN Jean: the first name both namesakes begin with.
  const p = purpose === 'several-matches' ? { ...person(purpose), firstNames: 'Jean' } : person(purpose);
  return { birthName: p.birthName, givenNames: p.firstNames, birthDate: p.birthDate, sex: p.sex, insNumber: p.insNumber, oid: p.oid };
};

const post = (b: Browser, url: string, body?: object) => b.agent.post(url).set('x-csrf-token', b.csrf).send(body ?? {});
const put = (b: Browser, url: string, body: object) => b.agent.put(url).set('x-csrf-token', b.csrf).send(body);
const del = (b: Browser, url: string) => b.agent.delete(url).set('x-csrf-token', b.csrf);
const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

/** An identity-document type of CHU Azur (created by its super admin). */
async function documentType(label = `Passeport ${randomUUID().slice(0, 8)}`) {
  const res = await post(superadmin, `/api/establishments/${chuAzur}/identity_document_types`, { label });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** An identity document of the patient, uploaded by the prescriber. */
async function identityDocument(personId: string, typeId?: string) {
  const upload = await uploadFile(prescriber, PNG, 'cni.png', MIME.png);
  const res = await post(prescriber, `/api/persons/${personId}/identity_documents/${typeId ?? await documentType()}/from_file/${upload}`);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; file: { id: string }; confirmedAt: string | null };
}

describe('search against the identity service', () => {
  it.each([
    ['found', 'found', 1],
    ['found-corsica', 'found', 1],
    ['several-matches', 'several_matches', 0],
    ['not-found', 'not_found', 0],
    ['service-error', 'service_error', 0],
    ['slow', 'timeout', 0],
  ] as const)('answers %s as the outcome %s, written to the history in the same call', async (purpose, outcome, candidates) => {
    const p = await newPatient(traitsOf(purpose));
    const res = await post(prescriber, `/api/persons/${p.id}/identity/search`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.outcome).toBe(outcome);
    expect(res.body.candidates).toHaveLength(candidates);
    if (outcome === 'found') expect(res.body.candidates[0].insNumber).toBe(person(purpose).insNumber);
    if (outcome === 'several_matches') expect(res.body.count).toBe(2);
    const history = await historyOf(db, p.file, 'IDENTITY_SEARCH');
    expect(history).toHaveLength(1);
    expect(history[0]!.payload).toMatchObject({ outcome });
    // The outcome only: never the identity the service answered.
    expect(JSON.stringify(history[0]!.payload)).not.toContain(person(purpose).insNumber);
    expect(history[0]!.actorId).toBe(await userIdOf(db, 'prescriber'));
    expect((await userRow(p.id)).identityStatus).toBe('PROVISIONAL');
  });

  it.each(['fr', 'en', 'ar'])('refuses a missing trait with a 400 on each missing field (%s), without calling the service or writing history', async (l) => {
    const p = await newPatient({ birthName: 'DUPRE', sex: 'female' });
    const res = await post(prescriber, `/api/persons/${p.id}/identity/search?l=${l}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('identity_trait_missing');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['traits.firstNames', 'traits.birthDate']);
    const message = { fr: "n'est pas renseigné", en: 'is not recorded', ar: 'غير مسجلة' }[l]!;
    for (const e of res.body.errors) expect(e.message).toContain(message);
    expect(await historyOf(db, p.file)).toHaveLength(0);
  });

  it('writes the entry on each of the person\'s open files the caller reaches, not on closed ones nor on files out of reach', async () => {
    const p = await newPatient(traitsOf('found'), [{ serviceId: cardiologie, status: 'OPEN' }, { serviceId: cardiologie, status: 'CLOSED' }, { serviceId: orthopedie, status: 'OPEN' }]);
    expect((await post(prescriber, `/api/persons/${p.id}/identity/search`)).status).toBe(200);
    expect(await historyOf(db, p.file, 'IDENTITY_SEARCH')).toHaveLength(1);
    expect(await historyOf(db, p.others[0]!, 'IDENTITY_SEARCH')).toHaveLength(1);
    expect(await historyOf(db, p.others[1]!, 'IDENTITY_SEARCH')).toHaveLength(0);
    expect(await historyOf(db, p.others[2]!, 'IDENTITY_SEARCH')).toHaveLength(0);
  });

  it('answers 409 patient_file_closed when every file the caller reaches is closed', async () => {
    const p = await newPatient(traitsOf('found'));
    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, p.file));
    const res = await post(prescriber, `/api/persons/${p.id}/identity/search`);
    expect([res.status, res.body.code]).toEqual([409, 'patient_file_closed']);
  });
});

describe('taking the identity found (issue 18: no INS or OID retyped)', () => {
  it('stores the INS number and OID the service found and verifies them, in one call, with its history', async () => {
    const { insNumber: _ins, oid: _oid, ...withoutIns } = traitsOf('found');
    const p = await newPatient(withoutIns);
    const res = await post(prescriber, `/api/persons/${p.id}/identity/take`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.outcome).toBe('found');
    expect(res.body.person.traits).toMatchObject({ insNumber: person('found').insNumber, oid: person('found').oid });
    expect(res.body.person.identity.status).toBe('RECOVERED');
    const row = await userRow(p.id);
    expect([row.insNumber, row.oid, row.identityStatus]).toEqual([person('found').insNumber, person('found').oid, 'RECOVERED']);
    expect(row.identityVerifiedAt).not.toBeNull();
    expect((await historyOf(db, p.file, 'IDENTITY_SEARCH'))[0]!.payload).toMatchObject({ outcome: 'found' });
    expect((await historyOf(db, p.file, 'PROFILE_UPDATED'))[0]!.payload).toMatchObject({ identity: true, fields: ['insNumber', 'oid'], status: 'RECOVERED' });
    expect((await historyOf(db, p.file, 'IDENTITY_VERIFIED'))[0]!.payload).toMatchObject({ status: 'RECOVERED', previousStatus: 'PROVISIONAL' });
  });

  it.each(['several-matches', 'not-found', 'service-error'] as const)('changes nothing when the search answers %s', async (purpose) => {
    const { insNumber: _ins, oid: _oid, ...withoutIns } = traitsOf(purpose);
    const p = await newPatient(withoutIns);
    const res = await post(prescriber, `/api/persons/${p.id}/identity/take`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.outcome).not.toBe('found');
    const row = await userRow(p.id);
    expect([row.insNumber, row.oid, row.identityStatus]).toEqual([null, null, 'PROVISIONAL']);
    expect(await historyOf(db, p.file, 'IDENTITY_VERIFIED')).toHaveLength(0);
  });

  it('is 404 to the patient, and changes nothing', async () => {
    const p = await newPatient(traitsOf('found'));
    expect((await post(patient, `/api/persons/${p.id}/identity/take`)).status).toBe(404);
    expect((await userRow(p.id)).identityStatus).toBe('PROVISIONAL');
  });
});

describe('verification', () => {
  it('makes a found identity RECOVERED, with identity_verified_at and IDENTITY_VERIFIED', async () => {
    const p = await newPatient(traitsOf('found'));
    const res = await post(prescriber, `/api/persons/${p.id}/identity/verify`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.outcome).toBe('verified');
    expect(res.body.identity.status).toBe('RECOVERED');
    const row = await userRow(p.id);
    expect(row.identityStatus).toBe('RECOVERED');
    expect(row.identityVerifiedAt).not.toBeNull();
    const [entry] = await historyOf(db, p.file, 'IDENTITY_VERIFIED');
    expect(entry!.payload).toMatchObject({ status: 'RECOVERED', previousStatus: 'PROVISIONAL' });
  });

  it('makes it QUALIFIED when a confirmed proof of identity exists', async () => {
    const p = await newPatient(traitsOf('found'));
    const doc = await identityDocument(p.id);
    expect((await put(prescriber, `/api/persons/${p.id}/identity`, { proofDocumentId: doc.id })).status).toBe(200);
    expect((await userRow(p.id)).identityStatus).toBe('VALIDATED');
    const res = await post(prescriber, `/api/persons/${p.id}/identity/verify`);
    expect(res.body.identity.status).toBe('QUALIFIED');
  });

  it.each([
    ['a wrong INS number', { insNumber: person('found-corsica').insNumber }, 'not_verified'],
    ['a service error', traitsOf('service-error'), 'service_error'],
    ['a slow service', traitsOf('slow'), 'timeout'],
  ] as const)('writes IDENTITY_VERIFICATION_FAILED with the reason for %s, status unchanged', async (_what, traits, reason) => {
    const p = await newPatient({ ...traitsOf('found'), ...traits });
    const res = await post(prescriber, `/api/persons/${p.id}/identity/verify`);
    expect(res.status, res.text).toBe(200);
    expect([res.body.outcome, res.body.identity.status]).toEqual([reason, 'PROVISIONAL']);
    const [entry] = await historyOf(db, p.file, 'IDENTITY_VERIFICATION_FAILED');
    expect(entry!.payload).toEqual({ reason });
    expect(await historyOf(db, p.file, 'IDENTITY_VERIFIED')).toHaveLength(0);
    expect((await userRow(p.id)).identityVerifiedAt).toBeNull();
  });

  it.each(['fr', 'en', 'ar'])('needs the INS number and its OID too (%s)', async (l) => {
    const { insNumber: _i, oid: _o, ...traits } = traitsOf('found');
    const p = await newPatient(traits);
    const res = await post(prescriber, `/api/persons/${p.id}/identity/verify?l=${l}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['traits.insNumber', 'traits.oid']);
    expect(res.headers['content-language']).toBe(l);
    expect(await historyOf(db, p.file)).toHaveLength(0);
  });
});

describe('identity change with a proof', () => {
  it.each(['fr', 'en', 'ar'])('refuses a change without a proof: 400 identity_proof_required on body.proofDocumentId (%s)', async (l) => {
    const p = await newPatient(traitsOf('found'));
    const res = await put(prescriber, `/api/persons/${p.id}/identity?l=${l}`, { birthName: 'DUPONT' });
    expect([res.status, res.body.code, res.body.field]).toEqual([400, 'identity_proof_required', 'body.proofDocumentId']);
    expect(res.body.message).toContain({ fr: 'justificatif', en: 'proof of identity', ar: 'إثبات الهوية' }[l]);
    expect((await userRow(p.id)).birthName).toBe('DUPRÉ');
  });

  it('changes the traits, confirms the proof, makes the status VALIDATED and writes PROFILE_UPDATED with the fields, in one go', async () => {
    const p = await newPatient(traitsOf('found'));
    await post(prescriber, `/api/persons/${p.id}/identity/verify`);
    expect((await userRow(p.id)).identityStatus).toBe('RECOVERED');
    const doc = await identityDocument(p.id);
    expect(doc.confirmedAt).toBeNull();
    const res = await put(prescriber, `/api/persons/${p.id}/identity`, { proofDocumentId: doc.id, firstNames: 'Hélène', birthPlaceInsee: '2a004', doubtful: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.identity).toMatchObject({ status: 'VALIDATED', doubtful: true, verifiedAt: null });
    expect(res.body.traits).toMatchObject({ firstNames: 'Hélène', birthPlaceInsee: '2A004' });
    const row = await userRow(p.id);
    expect([row.givenNames, row.firstName, row.identityDoubtful, row.identityStatus]).toEqual(['Hélène', 'Hélène', true, 'VALIDATED']);
    const [entry] = await historyOf(db, p.file, 'PROFILE_UPDATED');
    expect(entry!.payload).toEqual({ identity: true, fields: ['firstNames', 'birthPlaceInsee', 'doubtful'], proofDocumentId: doc.id, status: 'VALIDATED' });
    const confirmed = (await prescriber.agent.get(`/api/persons/${p.id}/identity_documents/${doc.id}`)).body;
    expect(confirmed.confirmedBy).toBe('Claire Dubois');
    expect(confirmed.confirmedAt).not.toBeNull();
  });

  it('says a proof that confirms the identity as it stands as a verification, not as a profile update without fields', async () => {
    const p = await newPatient(traitsOf('found'));
    const doc = await identityDocument(p.id);
    const res = await put(prescriber, `/api/persons/${p.id}/identity`, { proofDocumentId: doc.id, doubtful: (await userRow(p.id)).identityDoubtful });
    expect(res.status, res.text).toBe(200);
    expect(await historyOf(db, p.file, 'PROFILE_UPDATED')).toHaveLength(0);
    expect((await historyOf(db, p.file, 'IDENTITY_VERIFIED')).map((e) => e.payload))
      .toEqual([{ status: 'VALIDATED', previousStatus: 'PROVISIONAL', proofDocumentId: doc.id }]);
  });

  it('keeps QUALIFIED when only attributes change on a verified identity', async () => {
    const p = await newPatient(traitsOf('found'));
    await post(prescriber, `/api/persons/${p.id}/identity/verify`);
    const doc = await identityDocument(p.id);
    const res = await put(prescriber, `/api/persons/${p.id}/identity`, { proofDocumentId: doc.id, namesake: true });
    expect(res.body.identity.status).toBe('QUALIFIED');
  });

  it.each(['fr', 'en', 'ar'])('checks each trait with the patient form rules and changes nothing when one is invalid (%s)', async (l) => {
    const p = await newPatient(traitsOf('found'));
    const doc = await identityDocument(p.id);
    const res = await put(prescriber, `/api/persons/${p.id}/identity?l=${l}`, {
      proofDocumentId: doc.id, birthName: 'DUPRÉ-MARTIN', insNumber: '285067505612300', birthDate: '2999-01-01', sex: null, oid: '1.2.250.1.213.1.4.10',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['body.birthName', 'body.birthDate', 'body.sex', 'body.insNumber']);
    expect(await historyOf(db, p.file, 'PROFILE_UPDATED')).toHaveLength(0);
    const row = await userRow(p.id);
    expect([row.birthName, row.identityStatus]).toEqual(['DUPRÉ', 'PROVISIONAL']);
  });

  it('answers 404 on body.proofDocumentId for a proof of another person or an unknown one', async () => {
    const p = await newPatient(traitsOf('found'));
    const other = await newPatient(traitsOf('found'));
    const otherDoc = await identityDocument(other.id);
    for (const id of [otherDoc.id, randomUUID()]) {
      const res = await put(prescriber, `/api/persons/${p.id}/identity`, { proofDocumentId: id, birthName: 'DUPONT' });
      expect([res.status, res.body.code, res.body.field]).toEqual([404, 'not_found', 'body.proofDocumentId']);
    }
  });
});

describe('identity documents', () => {
  it('creates a document from the caller\'s own upload, lists it, and serves its bytes with DOCUMENT_VIEWED', async () => {
    const p = await newPatient(traitsOf('found'));
    const typeId = await documentType('Carte nationale d\'identité test');
    const upload = await uploadFile(prescriber, JPEG, 'cni.jpg', MIME.jpeg);
    const created = await post(prescriber, `/api/persons/${p.id}/identity_documents/${typeId}/from_file/${upload}`);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ personId: p.id, establishmentId: chuAzur, type: { id: typeId }, file: { id: upload, mimeType: 'image/jpeg' }, uploadedBy: 'Claire Dubois' });
    expect((await historyOf(db, p.file, 'IDENTITY_DOCUMENT_ADDED'))).toHaveLength(1);
    const list = await prescriber.agent.get(`/api/persons/${p.id}/identity_documents`);
    expect(list.body.map((d: { id: string }) => d.id)).toEqual([created.body.id]);
    const bytes = await prescriber.agent.get(`/api/persons/${p.id}/identity_documents/${created.body.id}/download`).buffer(true)
      .parse((res, done) => { const c: Buffer[] = []; res.on('data', (b: Buffer) => c.push(b)); res.on('end', () => done(null, Buffer.concat(c))); });
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(bytes.body as Buffer, JPEG)).toBe(0);
    expect(await historyOf(db, p.file, 'DOCUMENT_VIEWED')).toHaveLength(1);
    // The upload now belongs to the document: a second document cannot take it.
    const again = await post(prescriber, `/api/persons/${p.id}/identity_documents/${typeId}/from_file/${upload}`);
    expect([again.status, again.body.field]).toEqual([404, 'params.fileId']);
  });

  it('sends a document as every stored file is sent: name and disposition by type, sandboxed, not cached', async () => {
    const p = await newPatient(traitsOf('found'));
    const upload = await uploadFile(prescriber, pdf(), 'cni.html', MIME.pdf);
    const doc = await post(prescriber, `/api/persons/${p.id}/identity_documents/${await documentType()}/from_file/${upload}`);
    expect(doc.status, doc.text).toBe(201);
    const res = await prescriber.agent.get(`/api/persons/${p.id}/identity_documents/${doc.body.id}/download`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(parse(res.headers['content-disposition']!)).toEqual({ type: 'attachment', parameters: { filename: 'cni.pdf' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 without writing DOCUMENT_VIEWED when the storage has lost the bytes', async () => {
    const p = await newPatient(traitsOf('found'));
    const doc = await identityDocument(p.id);
    const [stored] = await db.select({ key: files.storageKey }).from(files).where(eq(files.id, doc.file.id));
    await gw.app.storage.delete(stored!.key!);
    const res = await prescriber.agent.get(`/api/persons/${p.id}/identity_documents/${doc.id}/download`);
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    // Nothing was shown: the history does not say it was viewed.
    expect(await historyOf(db, p.file, 'DOCUMENT_VIEWED')).toHaveLength(0);
  });

  it('accepts a PDF and refuses any other type of file', async () => {
    const p = await newPatient(traitsOf('found'));
    const typeId = await documentType();
    const scan = await uploadFile(prescriber, pdf(), 'scan.pdf', MIME.pdf);
    expect((await post(prescriber, `/api/persons/${p.id}/identity_documents/${typeId}/from_file/${scan}`)).status).toBe(201);
  });

  it('answers 404 for another user\'s upload and a type of another establishment', async () => {
    const p = await newPatient(traitsOf('found'));
    const typeId = await documentType();
    const theirs = await uploadFile(operator, PNG, 'x.png', MIME.png);
    const res = await post(prescriber, `/api/persons/${p.id}/identity_documents/${typeId}/from_file/${theirs}`);
    expect([res.status, res.body.field]).toEqual([404, 'params.fileId']);
    const [tilleulsType] = await db.insert(identityDocumentTypes).values({ establishmentId: tilleuls, label: `Passeport ${randomUUID()}` }).returning();
    const mine = await uploadFile(prescriber, PNG, 'x.png', MIME.png);
    const other = await post(prescriber, `/api/persons/${p.id}/identity_documents/${tilleulsType!.id}/from_file/${mine}`);
    expect([other.status, other.body.field]).toEqual([404, 'params.typeId']);
  });
});

describe('identity-document types', () => {
  it('lets the super admin create, rename and delete; professionals of the establishment list', async () => {
    const label = `Titre de séjour ${randomUUID().slice(0, 6)}`;
    const created = await post(superadmin, `/api/establishments/${chuAzur}/identity_document_types`, { label });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ establishmentId: chuAzur, label, inUse: false });
    const renamed = await put(superadmin, `/api/establishments/${chuAzur}/identity_document_types/${created.body.id}`, { label: `${label} (UE)` });
    expect([renamed.status, renamed.body.label]).toEqual([200, `${label} (UE)`]);
    const list = await prescriber.agent.get(`/api/establishments/${chuAzur}/identity_document_types`);
    expect(list.status).toBe(200);
    expect(list.body.map((t: { label: string }) => t.label)).toContain(`${label} (UE)`);
    expect((await del(superadmin, `/api/establishments/${chuAzur}/identity_document_types/${created.body.id}`)).status).toBe(204);
    expect((await db.select().from(identityDocumentTypes).where(eq(identityDocumentTypes.id, created.body.id)))).toHaveLength(0);
  });

  it.each(['fr', 'en', 'ar'])('refuses a label already used in the establishment, whatever its case: 409 NOT_UNIQUE_ERROR on body.label (%s)', async (l) => {
    const label = `Livret de famille ${randomUUID().slice(0, 6)}`;
    await post(superadmin, `/api/establishments/${chuAzur}/identity_document_types`, { label });
    const res = await post(superadmin, `/api/establishments/${chuAzur}/identity_document_types?l=${l}`, { label: label.toUpperCase() });
    expect([res.status, res.body.code, res.body.field]).toEqual([409, 'NOT_UNIQUE_ERROR', 'body.label']);
    expect(res.headers['content-language']).toBe(l);
    // Another establishment may use it.
    const admin = await login(gw.app, demoEmail('admin.establishment'));
    expect((await post(admin, `/api/establishments/${tilleuls}/identity_document_types`, { label })).status).toBe(201);
  });

  it('refuses labels shorter than 2 or longer than 100 characters', async () => {
    for (const label of ['x', 'x'.repeat(101), '  x  ']) {
      const res = await post(superadmin, `/api/establishments/${chuAzur}/identity_document_types`, { label });
      expect([res.status, res.body.field]).toEqual([400, 'body.label']);
    }
  });

  it('refuses to delete a type in use: 409 identity_document_type_in_use', async () => {
    const p = await newPatient(traitsOf('found'));
    const typeId = await documentType();
    await identityDocument(p.id, typeId);
    const res = await del(superadmin, `/api/establishments/${chuAzur}/identity_document_types/${typeId}`);
    expect([res.status, res.body.code]).toEqual([409, 'identity_document_type_in_use']);
    const list = await prescriber.agent.get(`/api/establishments/${chuAzur}/identity_document_types`);
    expect(list.body.find((t: { id: string }) => t.id === typeId).inUse).toBe(true);
  });

  it('answers 404 to a prescriber changing types, and to a professional of another establishment', async () => {
    const typeId = await documentType();
    expect((await post(prescriber, `/api/establishments/${chuAzur}/identity_document_types`, { label: 'Permis' })).status).toBe(404);
    expect((await put(prescriber, `/api/establishments/${chuAzur}/identity_document_types/${typeId}`, { label: 'Permis' })).status).toBe(404);
    expect((await del(prescriber, `/api/establishments/${chuAzur}/identity_document_types/${typeId}`)).status).toBe(404);
    const admin = await login(gw.app, demoEmail('admin.establishment'));
    expect((await admin.agent.get(`/api/establishments/${chuAzur}/identity_document_types`)).status).toBe(404);
    expect((await del(admin, `/api/establishments/${tilleuls}/identity_document_types/${typeId}`)).status).toBe(404);
  });

  it('answers 404 for a type under another establishment\'s address, even to a back-office administrator who edits both', async () => {
    const typeId = await documentType();
    const backOffice = await login(gw.app, demoEmail('admin'));
    const elsewhere = `/api/establishments/${tilleuls}/identity_document_types/${typeId}`;
    expect([(await put(backOffice, elsewhere, { label: 'Permis de séjour' })).status, (await del(backOffice, elsewhere)).status]).toEqual([404, 404]);
    const [kept] = await db.select().from(identityDocumentTypes).where(eq(identityDocumentTypes.id, typeId));
    expect([kept?.establishmentId, kept?.label.startsWith('Permis de séjour')]).toEqual([chuAzur, false]);
    // Under its own establishment's address, the same administrator renames it.
    const renamed = await put(backOffice, `/api/establishments/${chuAzur}/identity_document_types/${typeId}`, { label: `Carte ${randomUUID().slice(0, 6)}` });
    expect(renamed.status, renamed.text).toBe(200);
  });
});

describe('scope', () => {
  it('answers 404 to the patient, to a professional of another service, and for an unknown person', async () => {
    const p = await newPatient(traitsOf('found'));
    const own = await userIdOf(db, 'patient.open');
    const outside = await newPatient(traitsOf('found'));
    await db.update(patientFiles).set({ serviceId: orthopedie }).where(eq(patientFiles.id, outside.file));
    const paths = (id: string) => [
      ['get', `/api/persons/${id}/identity`], ['post', `/api/persons/${id}/identity/search`], ['post', `/api/persons/${id}/identity/verify`],
      ['get', `/api/persons/${id}/identity_documents`],
    ] as const;
    for (const [b, id] of [[patient, own], [patient, p.id], [prescriber, outside.id], [prescriber, randomUUID()], [proTwo, outside.id]] as const) {
      for (const [method, url] of paths(id)) {
        const res = method === 'get' ? await b.agent.get(url) : await post(b, url);
        expect([url, res.status, res.body.code]).toEqual([url, 404, 'not_found']);
      }
    }
    expect(await db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, outside.file))).toHaveLength(0);
  });

  it("answers the file's person to a professional of the file (the Identity tab's entry), 403 to the patient", async () => {
    const p = await newPatient(traitsOf('found'));
    const res = await prescriber.agent.get(`/api/patient_files/${p.file}/identity`);
    expect([res.status, res.body.personId, res.body.traits.birthName, res.body.identity.status]).toEqual([200, p.id, 'DUPRÉ', 'PROVISIONAL']);
    const [own] = await db.select({ id: patientFiles.id }).from(patientFiles).where(eq(patientFiles.patientId, await userIdOf(db, 'patient.open')));
    const mine = await patient.agent.get(`/api/patient_files/${own!.id}/identity`);
    expect([mine.status, mine.body.code]).toEqual([403, 'professionals_only']);
    expect((await prescriber.agent.get(`/api/patient_files/${randomUUID()}/identity`)).status).toBe(404);
  });

  it('lets an establishment-wide operator reach the person', async () => {
    const p = await newPatient(traitsOf('not-found'));
    const res = await post(operator, `/api/persons/${p.id}/identity/search`);
    expect([res.status, res.body.outcome]).toEqual([200, 'not_found']);
  });
});
