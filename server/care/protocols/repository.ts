/**
 * An establishment's medical protocols (issue 11 §8, spec 001 §3, §7): questionnaires with their
 * planning, indicators with thresholds, non-compliance rules, assigned to services. Read and
 * written by the establishment's protocol managers (the handle care.protocols, which asks
 * access.ts's policies.protocols); anyone else, and any id of another establishment, is not found.
 *
 * A protocol's thresholds are rows of indicator_boundaries with `protocol_id` (no file), its rules
 * rows of non_observance_rules with `protocol_id` (no file): the same tables the file's copies go
 * to when the protocol is applied (on-file.ts). Changing a protocol replaces its own rows; files it
 * was applied to keep the copy they were given. Nothing is deleted: a protocol is archived.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  forms, formVersions, indicatorBoundaries, indicators, interventionLevels, nonObservanceRules, protocolForms, protocols, protocolServices, services, units,
} from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { unique } from '../../db/errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import type { FormDefinition } from '../../../schemas/form.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import type { Protocol, ProtocolBody, ProtocolListQuery, ProtocolRow } from '../../../schemas/protocols.ts';
import type { CareContext } from '../context.ts';
import { planningProblem, type Planning } from '../forms/planning.ts';

type ProtocolRecord = typeof protocols.$inferSelect;
type Name = Protocol['name'];

const SORTS = defineSorts({ name: [sql`lower(${protocols.name} ->> 'fr')`], createdAt: [protocols.createdAt] }, protocols.id);

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const name = (text: unknown, language: string) => textIn(text as Name, language) ?? '';

/** Not found on `field` (the id the caller sent is not one of the establishment's). */
const notFoundOn = (field: string) => new AppError(404, 'not_found', {}, field);
/** A French name already used in the establishment (the unique index decides). */
const NAME_UNIQUE = { protocols_name_idx: 'body.name.fr' } as const;

/** Ids of `table` among `ids` that belong to the establishment. */
async function ownedIds(db: Db, table: typeof services | typeof forms | typeof indicators | typeof interventionLevels, establishmentId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: table.id }).from(table).where(and(eq(table.establishmentId, establishmentId), inArray(table.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The same id twice in a list: 400 duplicate_item on the second. */
function noDuplicates(ids: string[], field: (index: number) => string) {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) throw badRequest('duplicate_item', {}, field(index));
    seen.add(id);
  });
}

/**
 * The body's rules beyond its schema, in the order of the body: a name, services, questionnaires,
 * indicators and levels of the establishment (404 on the field otherwise), each listed once, a
 * planning only for a planned questionnaire, and one whose window closes before the next opens.
 */
async function checkBody(db: Db, establishmentId: string, body: ProtocolBody) {
  if (body.name.fr.trim() === '') throw badRequest('field_required', {}, 'body.name.fr');
  noDuplicates(body.serviceIds, (i) => `body.serviceIds.${i}`);
  const ownServices = await ownedIds(db, services, establishmentId, body.serviceIds);
  body.serviceIds.forEach((id, i) => { if (!ownServices.has(id)) throw notFoundOn(`body.serviceIds.${i}`); });

  noDuplicates(body.forms.map((f) => f.formId), (i) => `body.forms.${i}.formId`);
  const formRows = body.forms.length === 0 ? [] : await db.select({ id: forms.id, submissionType: forms.submissionType }).from(forms)
    .where(and(eq(forms.establishmentId, establishmentId), inArray(forms.id, body.forms.map((f) => f.formId))));
  const types = new Map(formRows.map((f) => [f.id, f.submissionType]));
  body.forms.forEach((f, i) => {
    const type = types.get(f.formId);
    if (!type) throw notFoundOn(`body.forms.${i}.formId`);
    if (!f.planning) return;
    if (type !== 'PLANNED') throw badRequest('planning_for_free_form', {}, `body.forms.${i}.planning`);
    const problem = planningProblem(f.planning as Planning);
    if (problem) throw badRequest('planning_window_too_long', problem.params, `body.forms.${i}.planning.${problem.field}`);
  });

  const indicatorIds = [...body.boundaries.map((b) => b.indicatorId), ...body.nonObservanceRules.flatMap((r) => r.indicators)];
  const ownIndicators = await ownedIds(db, indicators, establishmentId, indicatorIds);
  const ruleLevels = body.nonObservanceRules.flatMap((r) => (r.levelId ? [r.levelId] : []));
  const ownLevels = await ownedIds(db, interventionLevels, establishmentId, [...body.boundaries.map((b) => b.levelId), ...ruleLevels]);
  body.boundaries.forEach((b, i) => {
    if (!ownIndicators.has(b.indicatorId)) throw notFoundOn(`body.boundaries.${i}.indicatorId`);
    if (!ownLevels.has(b.levelId)) throw notFoundOn(`body.boundaries.${i}.levelId`);
  });
  body.nonObservanceRules.forEach((r, i) => {
    noDuplicates(r.indicators, (j) => `body.nonObservanceRules.${i}.indicators.${j}`);
    r.indicators.forEach((id, j) => { if (!ownIndicators.has(id)) throw notFoundOn(`body.nonObservanceRules.${i}.indicators.${j}`); });
    if (r.levelId && !ownLevels.has(r.levelId)) throw notFoundOn(`body.nonObservanceRules.${i}.levelId`);
  });
}

/**
 * The protocol's own services, questionnaires, thresholds and rules, replaced by the body's (in the
 * caller's transaction). Rows keep the body's order: each is created a millisecond after the last.
 */
async function writeParts(tx: Db, protocolId: string, body: ProtocolBody, at: Date, userId: string) {
  const own = (table: typeof indicatorBoundaries | typeof nonObservanceRules) => and(eq(table.protocolId, protocolId), isNull(table.patientFileId));
  await tx.delete(protocolServices).where(eq(protocolServices.protocolId, protocolId));
  await tx.delete(protocolForms).where(eq(protocolForms.protocolId, protocolId));
  await tx.delete(indicatorBoundaries).where(own(indicatorBoundaries));
  await tx.delete(nonObservanceRules).where(own(nonObservanceRules));
  const later = (i: number) => new Date(at.getTime() + i);
  if (body.serviceIds.length) await tx.insert(protocolServices).values(body.serviceIds.map((serviceId) => ({ protocolId, serviceId })));
  if (body.forms.length) await tx.insert(protocolForms).values(body.forms.map((f) => ({ protocolId, formId: f.formId, planning: f.planning ?? null })));
  if (body.boundaries.length) {
    await tx.insert(indicatorBoundaries).values(body.boundaries.map((b, i) => ({
      protocolId, indicatorId: b.indicatorId, levelId: b.levelId, operator: b.operator, mode: b.mode, value: b.value, createdBy: userId, createdAt: later(i),
    })));
  }
  if (body.nonObservanceRules.length) {
    await tx.insert(nonObservanceRules).values(body.nonObservanceRules.map((r, i) => ({
      protocolId, indicatorIds: r.indicators, periodInDays: r.periodInDays, levelId: r.levelId ?? null, createdBy: userId, createdAt: later(i),
    })));
  }
}

/** Every part of a protocol, as the screens and the file's application read it. */
export async function protocolParts(db: Db, protocolId: string, language: string) {
  const own = (table: typeof indicatorBoundaries | typeof nonObservanceRules) => and(eq(table.protocolId, protocolId), isNull(table.patientFileId));
  const [serviceRows, formRows, boundaryRows, ruleRows] = await Promise.all([
    db.select({ id: services.id, name: services.name }).from(protocolServices).innerJoin(services, eq(services.id, protocolServices.serviceId))
      .where(eq(protocolServices.protocolId, protocolId)).orderBy(asc(services.name), asc(services.id)),
    db.select({ form: forms, planning: protocolForms.planning, definition: formVersions.definition }).from(protocolForms)
      .innerJoin(forms, eq(forms.id, protocolForms.formId))
      .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
      .where(eq(protocolForms.protocolId, protocolId)).orderBy(asc(forms.name), asc(forms.id)),
    db.select({ boundary: indicatorBoundaries, indicatorName: indicators.name, unit: units.symbol, levelName: interventionLevels.name, colour: interventionLevels.colour })
      .from(indicatorBoundaries).innerJoin(indicators, eq(indicators.id, indicatorBoundaries.indicatorId)).innerJoin(units, eq(units.id, indicators.unitId))
      .innerJoin(interventionLevels, eq(interventionLevels.id, indicatorBoundaries.levelId))
      .where(own(indicatorBoundaries)).orderBy(asc(indicatorBoundaries.createdAt), asc(indicatorBoundaries.id)),
    db.select({ rule: nonObservanceRules, levelName: interventionLevels.name }).from(nonObservanceRules)
      .leftJoin(interventionLevels, eq(interventionLevels.id, nonObservanceRules.levelId))
      .where(own(nonObservanceRules)).orderBy(asc(nonObservanceRules.createdAt), asc(nonObservanceRules.id)),
  ]);
  const ruleIndicatorIds = [...new Set(ruleRows.flatMap((r) => r.rule.indicatorIds))];
  const indicatorNames = new Map((ruleIndicatorIds.length === 0 ? [] : await db.select({ id: indicators.id, name: indicators.name }).from(indicators)
    .where(inArray(indicators.id, ruleIndicatorIds))).map((i) => [i.id, name(i.name, language)]));
  return {
    services: serviceRows,
    forms: formRows.map(({ form, planning, definition }) => ({
      formId: form.id, name: name((definition as FormDefinition).name, language), reference: form.reference, submissionType: form.submissionType,
      planning: (planning ?? null) as Protocol['forms'][number]['planning'], definition: definition as FormDefinition, form,
    })),
    boundaries: boundaryRows.map(({ boundary: b, indicatorName, unit, levelName, colour }) => ({
      id: b.id, indicatorId: b.indicatorId, indicatorName: name(indicatorName, language), unit, levelId: b.levelId, levelName: name(levelName, language),
      colour, operator: b.operator, mode: b.mode, value: b.value,
    })),
    nonObservanceRules: ruleRows.map(({ rule: r, levelName }) => ({
      id: r.id, periodInDays: r.periodInDays, indicators: r.indicatorIds.map((id) => ({ id, name: indicatorNames.get(id) ?? '' })),
      levelId: r.levelId, levelName: levelName === null ? null : name(levelName, language),
    })),
  };
}

export function protocolsRepository(care: CareContext) {
  const { db, language } = care;

  /** The caller manages the establishment's protocols: not found otherwise. */
  async function managed(establishmentId: string) {
    await care.protocols(establishmentId);
  }

  /** A protocol the caller manages; not found otherwise (an unknown id and another establishment's alike). */
  async function protocolOf(protocolId: string): Promise<ProtocolRecord> {
    const [row] = await db.select().from(protocols).where(eq(protocols.id, protocolId));
    if (!row) throw notFound();
    await care.protocols(row.establishmentId);
    return row;
  }

  async function out(row: ProtocolRecord): Promise<Protocol> {
    const parts = await protocolParts(db, row.id, language);
    return {
      id: row.id, establishmentId: row.establishmentId, name: row.name as Name, description: (row.description ?? null) as Protocol['description'],
      createdAt: row.createdAt.toISOString(), archivedAt: iso(row.archivedAt),
      services: parts.services, boundaries: parts.boundaries, nonObservanceRules: parts.nonObservanceRules,
      forms: parts.forms.map(({ formId, name: n, reference, submissionType, planning }) => ({ formId, name: n, reference, submissionType, planning })),
    };
  }

  async function setArchived(protocolId: string, archived: boolean): Promise<Protocol> {
    const row = await protocolOf(protocolId);
    if (archived === (row.archivedAt !== null)) throw new AppError(409, archived ? 'protocol_archived' : 'protocol_not_archived');
    const [changed] = await db.update(protocols).set({ archivedAt: archived ? care.now() : null })
      .where(and(eq(protocols.id, row.id), archived ? isNull(protocols.archivedAt) : isNotNull(protocols.archivedAt))).returning();
    if (!changed) throw new AppError(409, archived ? 'protocol_archived' : 'protocol_not_archived');
    return out(changed);
  }

  return {
    async list(establishmentId: string, query: Required<Omit<ProtocolListQuery, 'l' | 'serviceId'>> & { serviceId?: string }): Promise<Page<ProtocolRow>> {
      await managed(establishmentId);
      if (query.serviceId && !(await ownedIds(db, services, establishmentId, [query.serviceId])).has(query.serviceId)) throw notFoundOn('querystring.serviceId');
      const archived: SQL | undefined = query.archived === 'all' ? undefined : query.archived === 'true' ? isNotNull(protocols.archivedAt) : isNull(protocols.archivedAt);
      const where = and(
        eq(protocols.establishmentId, establishmentId), archived,
        query.serviceId ? sql`exists (select 1 from ${protocolServices} ps where ps.protocol_id = ${protocols.id} and ps.service_id = ${query.serviceId})` : undefined,
      );
      return pageOfRows(query, {
        rows: async (limit, offset) => {
          const rows = await db.select().from(protocols).where(where).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset);
          const ids = rows.map((r) => r.id);
          if (ids.length === 0) return [];
          const [serviceRows, formCounts, boundaryRows, ruleRows] = await Promise.all([
            db.select({ protocolId: protocolServices.protocolId, id: services.id, name: services.name }).from(protocolServices)
              .innerJoin(services, eq(services.id, protocolServices.serviceId)).where(inArray(protocolServices.protocolId, ids)).orderBy(asc(services.name)),
            db.select({ protocolId: protocolForms.protocolId, n: count() }).from(protocolForms).where(inArray(protocolForms.protocolId, ids)).groupBy(protocolForms.protocolId),
            db.select({ protocolId: indicatorBoundaries.protocolId, indicatorId: indicatorBoundaries.indicatorId }).from(indicatorBoundaries)
              .where(and(inArray(indicatorBoundaries.protocolId, ids), isNull(indicatorBoundaries.patientFileId))),
            db.select({ protocolId: nonObservanceRules.protocolId, indicatorIds: nonObservanceRules.indicatorIds }).from(nonObservanceRules)
              .where(and(inArray(nonObservanceRules.protocolId, ids), isNull(nonObservanceRules.patientFileId))),
          ]);
          return rows.map((row) => {
            const indicatorSet = new Set([
              ...boundaryRows.filter((b) => b.protocolId === row.id).map((b) => b.indicatorId),
              ...ruleRows.filter((r) => r.protocolId === row.id).flatMap((r) => r.indicatorIds),
            ]);
            return {
              id: row.id, name: row.name as Name, createdAt: row.createdAt.toISOString(), archivedAt: iso(row.archivedAt),
              services: serviceRows.filter((s) => s.protocolId === row.id).map(({ id, name: n }) => ({ id, name: n })),
              formsCount: formCounts.find((f) => f.protocolId === row.id)?.n ?? 0,
              indicatorsCount: indicatorSet.size,
            };
          });
        },
        count: async () => (await db.select({ n: count() }).from(protocols).where(where))[0]?.n ?? 0,
      });
    },

    async create(establishmentId: string, body: ProtocolBody): Promise<Protocol> {
      await managed(establishmentId);
      await checkBody(db, establishmentId, body);
      const at = care.now();
      const row = await unique(NAME_UNIQUE, () => db.transaction(async (tx) => {
        const [created] = await tx.insert(protocols).values({
          establishmentId, name: body.name, description: body.description ?? null, createdBy: care.userId, createdAt: at,
        }).returning();
        await writeParts(tx, created!.id, body, at, care.userId);
        return created!;
      }));
      return out(row);
    },

    get: async (protocolId: string) => out(await protocolOf(protocolId)),

    async update(protocolId: string, body: ProtocolBody): Promise<Protocol> {
      const row = await protocolOf(protocolId);
      if (row.archivedAt) throw new AppError(409, 'protocol_archived');
      await checkBody(db, row.establishmentId, body);
      const at = care.now();
      const changed = await unique(NAME_UNIQUE, () => db.transaction(async (tx) => {
        const [updated] = await tx.update(protocols).set({ name: body.name, description: body.description ?? null })
          .where(and(eq(protocols.id, row.id), isNull(protocols.archivedAt))).returning();
        if (!updated) throw new AppError(409, 'protocol_archived');
        await writeParts(tx, row.id, body, at, care.userId);
        return updated;
      }));
      return out(changed);
    },

    archive: (protocolId: string) => setArchived(protocolId, true),
    restore: (protocolId: string) => setArchived(protocolId, false),
  };
}
