/**
 * Protocols of a patient file (issue 11 §8, spec 001 §4, §7): applied once, then activated,
 * deactivated, excluded and restored, each a history entry written in the same transaction.
 *
 * Who: the file's professionals (the patient-data scope that opens the file, as for assigning a
 * questionnaire; access.ts policies.protocols.manage, through care.protocols(), is for the establishment's protocol screens). The
 * patient and caregivers: 403 professionals_only. A protocol not assigned to the file's service
 * (or archived) is not one the file can take: 404 on params.protocolId for one of another
 * service, 409 protocol_archived for an archived one of its service.
 *
 * Applying copies the protocol into the file: each questionnaire assigned with the protocol's
 * planning as the file's own (assignForm, the questionnaires' one way; a questionnaire the file
 * already has keeps its assignment and planning, and the answer says ALREADY_ASSIGNED), the
 * thresholds as the file's boundaries and the rules as the file's rules, both carrying
 * `patient_file_protocol_id`. Those copies apply while the file's protocol is active and not
 * excluded (measures/boundaries.ts effectiveBoundaries and the non-compliance job read that row):
 * deactivating or excluding it puts the indicator's defaults (or the file's own thresholds) back
 * in force. The questionnaires stay assigned: they are managed in the Questionnaires tab.
 */
import { aliasedTable, and, asc, eq, isNotNull, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { indicatorBoundaries, nonObservanceRules, patientFileProtocols, protocols, protocolServices, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import type { ErrorCode } from '../../../schemas/errors.ts';
import type { HistoryKind } from '../../../schemas/history.ts';
import type { ApplyResult, FileProtocol, FileProtocols, Protocol } from '../../../schemas/protocols.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { assignForm } from '../forms/assignment.ts';
import { protocolParts } from './repository.ts';

type Row = typeof patientFileProtocols.$inferSelect;
const applier = aliasedTable(users, 'applier');

/** What a history entry says of the protocol: its id and French name (the one every name has). */
const named = (protocol: { id: string; name: unknown }) => ({ protocolId: protocol.id, name: textIn(protocol.name as Protocol['name'], 'fr') ?? '' });

async function fileProtocolsOf(db: Db, where: SQL): Promise<FileProtocol[]> {
  const counted = (table: typeof indicatorBoundaries | typeof nonObservanceRules) =>
    sql<number>`(select count(*) from ${table} c where c.patient_file_protocol_id = ${patientFileProtocols.id})`.mapWith(Number);
  const rows = await db.select({
    row: patientFileProtocols, name: protocols.name, applier: { firstName: applier.firstName, lastName: applier.lastName },
    formsCount: sql<number>`(select count(*) from protocol_forms pf where pf.protocol_id = ${patientFileProtocols.protocolId})`.mapWith(Number),
    boundariesCount: counted(indicatorBoundaries), rulesCount: counted(nonObservanceRules),
  }).from(patientFileProtocols).innerJoin(protocols, eq(protocols.id, patientFileProtocols.protocolId))
    .leftJoin(applier, eq(applier.id, patientFileProtocols.appliedBy))
    .where(where).orderBy(asc(patientFileProtocols.appliedAt), asc(patientFileProtocols.id));
  return rows.map(({ row, name, applier: by, formsCount, boundariesCount, rulesCount }) => ({
    id: row.id, protocolId: row.protocolId, name: name as Protocol['name'],
    state: row.excludedAt ? 'EXCLUDED' : row.active ? 'ACTIVE' : 'INACTIVE',
    appliedAt: row.appliedAt.toISOString(), excludedAt: row.excludedAt ? row.excludedAt.toISOString() : null,
    ...(by ? { appliedBy: by } : {}), formsCount, boundariesCount, rulesCount,
  }));
}

const one = async (db: Db, id: string) => (await fileProtocolsOf(db, eq(patientFileProtocols.id, id)))[0]!;

export function fileProtocolsRepository(care: CareContext) {
  const { db } = care;

  /** A protocol applied to a file the caller may change; not found unless it is in their scope. */
  async function toChange(id: string): Promise<{ file: PatientFileHandle; row: Row; protocol: typeof protocols.$inferSelect }> {
    const file = await care.patientFileOf('fileProtocol', id);
    const [found] = await db.select({ row: patientFileProtocols, protocol: protocols }).from(patientFileProtocols)
      .innerJoin(protocols, eq(protocols.id, patientFileProtocols.protocolId))
      .where(and(eq(patientFileProtocols.id, id), eq(patientFileProtocols.patientFileId, file.id)));
    if (!found) throw notFound();
    file.requireProfessional();
    file.requireOpen();
    return { file, ...found };
  }

  /**
   * One change of state: `set` applied only where `unless` does not hold yet (of two calls at once,
   * the second changes nothing and says so with `code`), and its history entry.
   */
  async function change(id: string, c: { already: (row: Row) => boolean; code: ErrorCode; set: Partial<Row>; guard: SQL; kind: HistoryKind; extra?: object }) {
    const { file, row, protocol } = await toChange(id);
    if (c.already(row)) throw new AppError(409, c.code);
    await db.transaction(async (tx) => {
      const changed = await tx.update(patientFileProtocols).set(c.set).where(and(eq(patientFileProtocols.id, row.id), c.guard)).returning({ id: patientFileProtocols.id });
      if (changed.length === 0) throw new AppError(409, c.code);
      await file.recordHistory(tx, c.kind, { ...named(protocol), ...c.extra });
    });
    return one(db, row.id);
  }

  return {
    /** The file's protocols with their state, and the live protocols of its service it has not taken yet. */
    async ofFile(fileId: string): Promise<FileProtocols> {
      const file = await care.patientFile(fileId);
      file.requireProfessional();
      const applied = await fileProtocolsOf(db, eq(patientFileProtocols.patientFileId, file.id));
      const applicable = await db.select({ id: protocols.id, name: protocols.name }).from(protocols)
        .innerJoin(protocolServices, and(eq(protocolServices.protocolId, protocols.id), eq(protocolServices.serviceId, file.serviceId)))
        .where(and(isNull(protocols.archivedAt), notExists(db.select({ one: sql`1` }).from(patientFileProtocols)
          .where(and(eq(patientFileProtocols.protocolId, protocols.id), eq(patientFileProtocols.patientFileId, file.id))))))
        .orderBy(asc(sql`lower(${protocols.name} ->> 'fr')`), asc(protocols.id));
      return { applied, applicable: applicable.map((p) => ({ id: p.id, name: p.name as Protocol['name'] })) };
    },

    async apply(fileId: string, protocolId: string): Promise<ApplyResult> {
      const file = await care.patientFile(fileId);
      // Only a protocol of the file's service: another service's or establishment's is not found.
      const [protocol] = await db.select().from(protocols)
        .innerJoin(protocolServices, and(eq(protocolServices.protocolId, protocols.id), eq(protocolServices.serviceId, file.serviceId)))
        .where(eq(protocols.id, protocolId));
      if (!protocol) throw new AppError(404, 'not_found', {}, 'params.protocolId');
      file.requireProfessional();
      file.requireOpen();
      const p = protocol.protocols;
      if (p.archivedAt) throw new AppError(409, 'protocol_archived');
      const parts = await protocolParts(db, p.id, 'fr');
      const at = care.now();
      const result = await db.transaction(async (tx) => {
        const [row] = await tx.insert(patientFileProtocols).values({ patientFileId: file.id, protocolId: p.id, appliedAt: at, appliedBy: care.userId })
          .onConflictDoNothing().returning();
        if (!row) throw new AppError(409, 'protocol_already_applied');
        const formOutcomes: ApplyResult['forms'] = [];
        for (const f of parts.forms) {
          const assigned = await assignForm(tx, file, { form: f.form, definition: f.definition }, { at, userId: care.userId, overload: f.planning });
          formOutcomes.push({ formId: f.formId, outcome: assigned ? 'ASSIGNED' : 'ALREADY_ASSIGNED' });
        }
        if (parts.boundaries.length) {
          await tx.insert(indicatorBoundaries).values(parts.boundaries.map((b, i) => ({
            indicatorId: b.indicatorId, levelId: b.levelId, operator: b.operator, mode: b.mode, value: b.value,
            patientFileId: file.id, patientFileProtocolId: row.id, createdBy: care.userId, createdAt: new Date(at.getTime() + i),
          })));
        }
        if (parts.nonObservanceRules.length) {
          await tx.insert(nonObservanceRules).values(parts.nonObservanceRules.map((r, i) => ({
            indicatorIds: r.indicators.map((x) => x.id), periodInDays: r.periodInDays, levelId: r.levelId,
            patientFileId: file.id, patientFileProtocolId: row.id, createdBy: care.userId, createdAt: new Date(at.getTime() + i),
          })));
        }
        await file.recordHistory(tx, 'PROTOCOL_ASSIGNED', {
          ...named(p),
          forms: parts.forms.map((f, i) => ({ formId: f.formId, reference: f.reference, outcome: formOutcomes[i]!.outcome })),
          indicators: [...new Set([...parts.boundaries.map((b) => b.indicatorId), ...parts.nonObservanceRules.flatMap((r) => r.indicators.map((x) => x.id))])],
        });
        return { id: row.id, forms: formOutcomes };
      });
      return { fileProtocol: await one(db, result.id), forms: result.forms };
    },

    activate: (id: string) => change(id, {
      already: (r) => r.active, code: 'protocol_already_active', set: { active: true }, guard: eq(patientFileProtocols.active, false), kind: 'PROTOCOL_ACTIVATED',
    }),
    deactivate: (id: string) => change(id, {
      already: (r) => !r.active, code: 'protocol_already_inactive', set: { active: false }, guard: eq(patientFileProtocols.active, true), kind: 'PROTOCOL_DEACTIVATED',
    }),
    /** Spec 001 §4: excluded (kept, out of force) until restored; history has no kind of its own: PROTOCOL_DEACTIVATED with `excluded`. */
    exclude: (id: string) => change(id, {
      already: (r) => r.excludedAt !== null, code: 'protocol_already_excluded', set: { excludedAt: care.now() },
      guard: isNull(patientFileProtocols.excludedAt), kind: 'PROTOCOL_DEACTIVATED', extra: { excluded: true },
    }),
    restore: (id: string) => change(id, {
      already: (r) => r.excludedAt === null, code: 'protocol_not_excluded', set: { excludedAt: null },
      guard: isNotNull(patientFileProtocols.excludedAt), kind: 'PROTOCOL_RESTORED',
    }),
  };
}
