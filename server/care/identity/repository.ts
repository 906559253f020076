/**
 * A patient's digital identity (issue 10 §2, spec 001 §5): search and verification against the national
 * service, identity documents, and the change of identity traits with a proof of identity a professional
 * confirms. Every change is written with its history entries in one transaction, on each of the person's
 * open files the caller reaches (person.ts). The service is called outside any transaction.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { IdentityChangeBody, IdentityDocument, IdentitySearchResult, IdentityTakeResult, IdentityVerifyResult, PersonIdentity } from '../../../schemas/person-identity.ts';
import type { ErrorCode } from '../../../schemas/errors.ts';
import type { IdentityStatus } from '../../../schemas/identity.ts';
import { IDENTITY_TRAITS, type IdentityTrait } from '../../../schemas/identity.ts';
import type { IdentitySearchRequest, IdentityVerifyRequest } from '../../../schemas/identity-service.ts';
import { normalisePatientForm, validatePatientForm } from '../../../schemas/patient-form.ts';
import type { Db } from '../../db/client.ts';
import { files, identityDocuments, identityDocumentTypes, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound, type FieldError } from '../../errors.ts';
import { translator, type Language } from '../../i18n/index.ts';
import type { IdentityService } from '../../identity-service/adapter.ts';
import type { CareContext } from '../context.ts';
import { attachFile, unattachedFile } from '../files/attachments.ts';
import { storedFile, type StoredFile } from '../files/send.ts';
import { openFilesOrClosed, reachPerson, type ReachedPerson } from './person.ts';

type UserRow = typeof users.$inferSelect;

/** Where each trait is stored on users. */
const COLUMN: Record<IdentityTrait, keyof UserRow> = {
  birthName: 'birthName', firstNames: 'givenNames', firstBirthName: 'firstBirthName', birthDate: 'birthDate', sex: 'sex',
  birthPlaceInsee: 'birthPlaceInsee', insNumber: 'insNumber', oid: 'oid',
};
const SEARCH_TRAITS = ['birthName', 'firstNames', 'birthDate', 'sex'] as const;
const VERIFY_TRAITS = [...SEARCH_TRAITS, 'insNumber', 'oid'] as const;
/** Traits the patient form requires: they can be corrected, not cleared. */
const REQUIRED_TRAITS: readonly IdentityTrait[] = ['birthName', 'firstNames', 'birthDate', 'sex'];
const ATTRIBUTES = { doubtful: 'identityDoubtful', fictitious: 'identityFictitious', namesake: 'identityNamesake' } as const;
/** What an identity document may be (spec 001 §7): a photo or a scan. */
const DOCUMENT_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'application/pdf'];

const traitOf = (row: UserRow, trait: IdentityTrait) => (row[COLUMN[trait]] as string | null) ?? null;

export function identityOf(row: UserRow): PersonIdentity['identity'] {
  return {
    status: row.identityStatus as IdentityStatus, doubtful: row.identityDoubtful, fictitious: row.identityFictitious,
    namesake: row.identityNamesake, verifiedAt: row.identityVerifiedAt?.toISOString() ?? null,
  };
}

function personIdentity(row: UserRow): PersonIdentity {
  return {
    personId: row.id, identity: identityOf(row),
    traits: Object.fromEntries(IDENTITY_TRAITS.map((t) => [t, traitOf(row, t)])) as PersonIdentity['traits'],
  };
}

/** 400 naming every trait the call needs that is not recorded (the service is not called). */
function requireTraits<T extends readonly IdentityTrait[]>(row: UserRow, traits: T, language: Language): Record<T[number], string> {
  const t = translator(language);
  const missing = traits.filter((trait) => !traitOf(row, trait)?.trim());
  if (missing.length > 0) {
    const errors: FieldError[] = missing.map((trait) => ({ field: `traits.${trait}`, message: t('errors.identity_trait_missing') }));
    throw new AppError(400, 'identity_trait_missing', {}, errors[0]!.field, errors);
  }
  return Object.fromEntries(traits.map((trait) => [trait, traitOf(row, trait)!.trim()])) as Record<T[number], string>;
}

/** The adapter refused a stored trait as malformed (it never reached the service): 400 on each. */
function invalidTraits(fields: string[], language: Language): AppError {
  const t = translator(language);
  const errors = fields.map((f) => ({ field: `traits.${f}`, message: t('errors.identity_trait_invalid') }));
  return new AppError(400, 'identity_trait_invalid', {}, errors[0]?.field, errors);
}

export function identityRepository(care: CareContext, service: IdentityService, language: Language) {
  const db = care.db;

  async function person(id: string) {
    return reachPerson(care, id);
  }

  /** A search on the stored traits, its outcome written to the history of each file it concerns. */
  async function searchAndRecord(p: ReachedPerson): Promise<{ result: IdentitySearchResult; targets: ReturnType<typeof openFilesOrClosed> }> {
    const request: IdentitySearchRequest = requireTraits(p.row, SEARCH_TRAITS, language) as IdentitySearchRequest;
    const targets = openFilesOrClosed(p);
    const outcome = await service.search(request);
    if (outcome.outcome === 'invalid_request') throw invalidTraits(outcome.fields, language);
    const result: IdentitySearchResult = outcome.outcome === 'found' ? { outcome: 'found', candidates: [outcome.identity] }
      : outcome.outcome === 'several_matches' ? { outcome: 'several_matches', candidates: [], count: outcome.count }
      : { outcome: outcome.outcome, candidates: [] };
    // The outcome, never the identity the service answered (its INS number is not the file's until taken or verified).
    const payload = { outcome: result.outcome, ...(result.count !== undefined ? { count: result.count } : {}) };
    await db.transaction(async (tx) => {
      for (const file of targets) await file.recordHistory(tx, 'IDENTITY_SEARCH', payload);
    });
    return { result, targets };
  }

  /** The status a verification gives: QUALIFIED when the traits were validated or a proof confirmed, else RECOVERED. */
  async function verifiedStatus(tx: Db, row: UserRow): Promise<IdentityStatus> {
    const qualified = row.identityStatus === 'VALIDATED' || row.identityStatus === 'QUALIFIED' || await hasConfirmedProof(tx, row.id);
    return qualified ? 'QUALIFIED' : 'RECOVERED';
  }

  /** Confirmed proof of identity of the person (any establishment): with a verification it makes QUALIFIED. */
  async function hasConfirmedProof(tx: Db, personId: string) {
    const [row] = await tx.select({ id: identityDocuments.id }).from(identityDocuments)
      .where(and(eq(identityDocuments.personId, personId), isNotNull(identityDocuments.confirmedAt))).limit(1);
    return row !== undefined;
  }

  async function documents(p: ReachedPerson, documentId?: string): Promise<IdentityDocument[]> {
    const uploader = alias(users, 'uploader');
    const confirmer = alias(users, 'confirmer');
    const rows = await db.select({
      d: identityDocuments, typeLabel: identityDocumentTypes.label, file: files,
      uploader: sql<string>`${uploader.firstName} || ' ' || ${uploader.lastName}`,
      confirmer: sql<string | null>`${confirmer.firstName} || ' ' || ${confirmer.lastName}`,
    }).from(identityDocuments)
      .innerJoin(identityDocumentTypes, eq(identityDocumentTypes.id, identityDocuments.typeId))
      .innerJoin(files, eq(files.id, identityDocuments.fileId))
      .innerJoin(uploader, eq(uploader.id, identityDocuments.uploadedBy))
      .leftJoin(confirmer, eq(confirmer.id, identityDocuments.confirmedBy))
      .where(and(
        eq(identityDocuments.personId, p.row.id), inArray(identityDocuments.establishmentId, p.establishmentIds),
        documentId ? eq(identityDocuments.id, documentId) : undefined,
      ))
      .orderBy(desc(identityDocuments.createdAt), desc(identityDocuments.id));
    return rows.map((r) => ({
      id: r.d.id, personId: r.d.personId, establishmentId: r.d.establishmentId, type: { id: r.d.typeId, label: r.typeLabel },
      file: { id: r.file.id, name: r.file.name, mimeType: r.file.mimeType, size: r.file.size },
      uploadedBy: r.uploader, createdAt: r.d.createdAt.toISOString(),
      confirmedBy: r.d.confirmedBy ? r.confirmer : null, confirmedAt: r.d.confirmedAt?.toISOString() ?? null,
    }));
  }

  async function oneDocument(p: ReachedPerson, documentId: string) {
    const [doc] = await documents(p, documentId);
    if (!doc) throw notFound();
    return doc;
  }

  return {
    async get(id: string): Promise<PersonIdentity> {
      return personIdentity((await person(id)).row);
    },

    async ofPatientFile(fileId: string): Promise<PersonIdentity> {
      const file = await care.patientFile(fileId);
      file.requireProfessional();
      return personIdentity((await person(file.patientId)).row);
    },

    async search(id: string): Promise<IdentitySearchResult> {
      return (await searchAndRecord(await person(id))).result;
    },

    /**
     * The identity found, taken in one action (no INS number or OID typed by hand): a new search on
     * the stored traits, and when it finds one identity, its INS number and OID stored and the
     * identity verified (the service itself answered them for these traits), as verify() would set it.
     */
    async take(id: string): Promise<IdentityTakeResult> {
      const p = await person(id);
      const { result, targets } = await searchAndRecord(p);
      const [found] = result.candidates;
      if (result.outcome !== 'found' || !found) return { outcome: result.outcome, person: personIdentity(p.row) };
      const row = await db.transaction(async (tx) => {
        // The person's row locked and read again: of two takes at once, the later one finds the INS
        // number already taken and records no second PROFILE_UPDATED (issue 19).
        const [locked] = await tx.select().from(users).where(eq(users.id, p.row.id)).for('update');
        const status = await verifiedStatus(tx, locked!);
        const [updated] = await tx.update(users).set({ insNumber: found.insNumber, oid: found.oid, identityStatus: status, identityVerifiedAt: care.now() })
          .where(eq(users.id, p.row.id)).returning();
        const fields = (['insNumber', 'oid'] as const).filter((trait) => found[trait] !== traitOf(locked!, trait));
        for (const file of targets) {
          if (fields.length) await file.recordHistory(tx, 'PROFILE_UPDATED', { identity: true, fields, status });
          await file.recordHistory(tx, 'IDENTITY_VERIFIED', { status, previousStatus: locked!.identityStatus });
        }
        return updated!;
      });
      return { outcome: 'found', person: personIdentity(row) };
    },

    async verify(id: string): Promise<IdentityVerifyResult> {
      const p = await person(id);
      const request: IdentityVerifyRequest = requireTraits(p.row, VERIFY_TRAITS, language) as IdentityVerifyRequest;
      const targets = openFilesOrClosed(p);
      const outcome = await service.verify(request);
      if (outcome.outcome === 'invalid_request') throw invalidTraits(outcome.fields, language);
      const row = await db.transaction(async (tx) => {
        if (outcome.outcome !== 'verified') {
          for (const file of targets) await file.recordHistory(tx, 'IDENTITY_VERIFICATION_FAILED', { reason: outcome.outcome });
          return p.row;
        }
        const status = await verifiedStatus(tx, p.row);
        const [updated] = await tx.update(users).set({ identityStatus: status, identityVerifiedAt: care.now() }).where(eq(users.id, p.row.id)).returning();
        for (const file of targets) await file.recordHistory(tx, 'IDENTITY_VERIFIED', { status, previousStatus: p.row.identityStatus });
        return updated!;
      });
      return { outcome: outcome.outcome, identity: identityOf(row) };
    },

    async change(id: string, body: IdentityChangeBody): Promise<PersonIdentity> {
      const p = await person(id);
      if (!body.proofDocumentId) throw badRequest('identity_proof_required', {}, 'body.proofDocumentId');
      const [proof] = await db.select().from(identityDocuments).where(and(
        eq(identityDocuments.id, body.proofDocumentId), eq(identityDocuments.personId, p.row.id), inArray(identityDocuments.establishmentId, p.establishmentIds),
      ));
      if (!proof) throw new AppError(404, 'not_found', {}, 'body.proofDocumentId');
      const targets = openFilesOrClosed(p);

      // Each trait sent is checked with the patient form's own rule; a required one cannot be cleared.
      const today = DateTime.fromJSDate(care.now(), { zone: care.timeZone }).toISODate()!;
      const t = translator(language);
      const errors: (FieldError & { code: ErrorCode; params: Record<string, string | number> })[] = [];
      const next: Partial<Record<IdentityTrait, string | null>> = {};
      for (const trait of IDENTITY_TRAITS) {
        const value = body[trait];
        if (value === undefined) continue;
        const blank = value === null || value.trim() === '';
        if (blank) {
          if (REQUIRED_TRAITS.includes(trait)) errors.push({ field: `body.${trait}`, code: 'field_required', params: {}, message: t('errors.field_required') });
          else next[trait] = null;
          continue;
        }
        const found = validatePatientForm({ [trait]: value }, today).find((e) => e.field === `body.${trait}`);
        if (found) errors.push({ field: found.field, code: found.code, params: found.params, message: t(`errors.${found.code}`, found.params) });
        else next[trait] = normalisePatientForm({ [trait]: value })[trait] as string;
      }
      const [first] = errors;
      if (first) throw new AppError(400, first.code, first.params, first.field, errors.map(({ field, message }) => ({ field, message })));

      const changedTraits = (Object.keys(next) as IdentityTrait[]).filter((trait) => next[trait] !== traitOf(p.row, trait));
      const changedAttributes = (Object.keys(ATTRIBUTES) as (keyof typeof ATTRIBUTES)[])
        .filter((a) => body[a] !== undefined && body[a] !== p.row[ATTRIBUTES[a]]);
      // A verification holds for the traits it checked: once one changes, verify again to qualify.
      const verificationHolds = changedTraits.length === 0 && (p.row.identityStatus === 'RECOVERED' || p.row.identityStatus === 'QUALIFIED');
      const status: IdentityStatus = verificationHolds ? 'QUALIFIED' : 'VALIDATED';

      const set: Partial<typeof users.$inferInsert> = { identityStatus: status };
      if (!verificationHolds) set.identityVerifiedAt = null;
      for (const trait of changedTraits) (set as Record<string, unknown>)[COLUMN[trait]] = next[trait];
      for (const a of changedAttributes) set[ATTRIBUTES[a]] = body[a]!;
      // The names shown everywhere follow the civil-status ones unless a used name is recorded.
      if (changedTraits.includes('firstNames') && !p.row.usedFirstName) set.firstName = next.firstNames!.split(',')[0]!.trim();
      if (changedTraits.includes('birthName') && !p.row.usedName) set.lastName = next.birthName!;

      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(users).set(set).where(eq(users.id, p.row.id)).returning();
        await tx.update(identityDocuments).set({ confirmedBy: care.userId, confirmedAt: care.now() }).where(eq(identityDocuments.id, proof.id));
        const fields = [...changedTraits, ...changedAttributes];
        // Nothing changed: the proof confirmed the identity as it stands, said as a verification
        // (a PROFILE_UPDATED without fields read "profile updated" when nothing was).
        for (const file of targets) {
          if (fields.length) await file.recordHistory(tx, 'PROFILE_UPDATED', { identity: true, fields, proofDocumentId: proof.id, status });
          else await file.recordHistory(tx, 'IDENTITY_VERIFIED', { status, previousStatus: p.row.identityStatus, proofDocumentId: proof.id });
        }
        return updated!;
      });
      return personIdentity(row);
    },

    async documents(id: string) {
      return documents(await person(id));
    },

    async document(id: string, documentId: string) {
      return oneDocument(await person(id), documentId);
    },

    /**
     * The document's stored file, and `viewed`, which writes DOCUMENT_VIEWED on the file it is
     * attached to (when the caller reaches it open): called by the file streamer once the bytes
     * are there (files/send.ts), so a document that cannot be sent is never recorded as seen.
     */
    async viewDocument(id: string, documentId: string): Promise<{ file: StoredFile; viewed: () => Promise<void> }> {
      const p = await person(id);
      const doc = await oneDocument(p, documentId);
      const [row] = await db.select().from(files).where(eq(files.id, doc.file.id));
      if (!row) throw notFound();
      const target = p.openFiles(doc.establishmentId)[0];
      return {
        file: storedFile(row),
        viewed: async () => {
          if (target) await db.transaction((tx) => target.recordHistory(tx, 'DOCUMENT_VIEWED', { identityDocumentId: doc.id, type: doc.type.label }));
        },
      };
    },

    async fromFile(id: string, typeId: string, fileId: string): Promise<IdentityDocument> {
      const p = await person(id);
      const [type] = await db.select().from(identityDocumentTypes)
        .where(and(eq(identityDocumentTypes.id, typeId), inArray(identityDocumentTypes.establishmentId, p.establishmentIds)));
      if (!type) throw new AppError(404, 'not_found', {}, 'params.typeId');
      const upload = await unattachedFile(db, care.userId, fileId);
      if (!upload) throw new AppError(404, 'not_found', {}, 'params.fileId');
      if (!upload.storageKey) throw badRequest('file_missing', {}, 'params.fileId');
      if (!upload.mimeType || !DOCUMENT_TYPES.includes(upload.mimeType)) throw badRequest('identity_document_type_refused', {}, 'params.fileId');
      const [target] = openFilesOrClosed(p, type.establishmentId);
      const docId = await db.transaction(async (tx) => {
        const [doc] = await tx.insert(identityDocuments).values({
          personId: p.row.id, establishmentId: type.establishmentId, typeId: type.id, fileId: upload.id, uploadedBy: care.userId, createdAt: care.now(),
        }).returning({ id: identityDocuments.id });
        // Another owner written at the same time took the file first.
        if (!(await attachFile(tx, upload.id, { kind: 'identity_document', id: doc!.id, patientFileId: target!.id }))) {
          throw new AppError(404, 'not_found', {}, 'params.fileId');
        }
        await target!.recordHistory(tx, 'IDENTITY_DOCUMENT_ADDED', { identityDocumentId: doc!.id, type: type.label });
        return doc!.id;
      });
      return oneDocument(p, docId);
    },
  };
}
