/**
 * Non-compliance rules of a patient file (spec 001 §3, §7 indicator_non_observance_rules), read and
 * written through the file's handle: the caller opened the file through their scope
 * (care.patientFile, or care.patientFileOf('rule', id) for a rule's id), and every change records
 * its history entry in the same transaction.
 *
 * States: a rule is active until deactivated (for good: kept for the record, changed no more);
 * excluded from the file until restored; a rule a protocol brought (patientFileProtocolId) is
 * changed for this file by override (`overridden`), never by PUT, so the file says which rules
 * still follow their protocol. Every change sets `updatedAt`: the job counts a rule's days from
 * its last change (a changed or restored rule does not alert at once, as a new one does not).
 *
 * A file holds one of its own active rules per set of indicators, period and level: a second one
 * would raise each non-compliance alert twice (409 non_compliance_rule_already_exists). Creations
 * and changes take the file's row lock before they look (issue 19: eight creations at once made
 * eight identical rules); not a unique index, since rules stored before may repeat and stay.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { indicators, interventionLevels, nonObservanceRules, patientFileProtocols, protocols } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { isUuid } from '../../../schemas/common.ts';
import type { ErrorCode } from '../../../schemas/errors.ts';
import type { HistoryKind } from '../../../schemas/history.ts';
import { nonComplianceRuleProblems, type NonComplianceRule, type NonComplianceRuleBody } from '../../../schemas/non-compliance.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';

type Row = typeof nonObservanceRules.$inferSelect;
const conflict = (code: ErrorCode) => new AppError(409, code);
type LocalizedName = NonComplianceRule['indicators'][number]['name'];

function select(care: CareContext) {
  return care.db.select({
    rule: nonObservanceRules,
    protocol: { id: protocols.id, name: protocols.name, patientFileProtocolId: patientFileProtocols.id },
    level: { id: interventionLevels.id, name: interventionLevels.name, rank: interventionLevels.rank, colour: interventionLevels.colour },
  }).from(nonObservanceRules)
    .leftJoin(patientFileProtocols, eq(patientFileProtocols.id, nonObservanceRules.patientFileProtocolId))
    .leftJoin(protocols, eq(protocols.id, patientFileProtocols.protocolId))
    .leftJoin(interventionLevels, eq(interventionLevels.id, nonObservanceRules.levelId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

async function toRules(care: CareContext, rows: Selected[]): Promise<NonComplianceRule[]> {
  const ids = [...new Set(rows.flatMap((r) => r.rule.indicatorIds))];
  const found = ids.length === 0 ? [] : await care.db.select({ id: indicators.id, reference: indicators.reference, name: indicators.name })
    .from(indicators).where(inArray(indicators.id, ids));
  const byId = new Map(found.map((i) => [i.id, i]));
  return rows.map(({ rule, protocol, level }) => ({
    id: rule.id, patientFileId: rule.patientFileId!, periodInDays: rule.periodInDays,
    level: level?.id ? { ...level, name: level.name as LocalizedName } : null,
    indicators: rule.indicatorIds.flatMap((id) => {
      const indicator = byId.get(id);
      return indicator ? [{ id, reference: indicator.reference, name: indicator.name as LocalizedName }] : [];
    }),
    active: rule.active, excludedAt: rule.excludedAt?.toISOString() ?? null, overridden: rule.overridden,
    protocol: protocol?.id ? { id: protocol.id, name: protocol.name as LocalizedName, patientFileProtocolId: protocol.patientFileProtocolId! } : null,
    createdAt: rule.createdAt.toISOString(), updatedAt: rule.updatedAt?.toISOString() ?? null,
  }));
}

async function ruleOf(care: CareContext, ruleId: string): Promise<NonComplianceRule> {
  const rows = await select(care).where(eq(nonObservanceRules.id, ruleId));
  const [rule] = await toRules(care, rows);
  if (!rule) throw notFound();
  return rule;
}

/**
 * The body's indicators, before anything else (ids first: another establishment's indicator is a
 * 404 on its field whoever asks, like an unknown one): each one of the file's establishment, else
 * 404 on body.indicators.N. Answers the references, for the history.
 */
async function indicatorReferences(care: CareContext, file: PatientFileHandle, body: NonComplianceRuleBody): Promise<string[]> {
  const candidates = [...new Set(body.indicators.filter(isUuid))];
  const found = candidates.length === 0 ? [] : await care.db.select({ id: indicators.id, reference: indicators.reference }).from(indicators)
    .where(and(eq(indicators.establishmentId, file.establishmentId), inArray(indicators.id, candidates)));
  const references = new Map(found.map((i) => [i.id, i.reference]));
  const missing = body.indicators.findIndex((id) => !references.has(id));
  if (missing >= 0) throw new AppError(404, 'not_found', {}, `body.indicators.${missing}`);
  return body.indicators.map((id) => references.get(id)!);
}

/** The body's level, one of the file's establishment (404 on body.levelId otherwise); null: the least urgent, by default. */
async function levelOf(care: CareContext, file: PatientFileHandle, body: NonComplianceRuleBody): Promise<string | null> {
  if (body.levelId === undefined || body.levelId === null) return null;
  const [level] = isUuid(body.levelId) ? await care.db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(and(eq(interventionLevels.id, body.levelId), eq(interventionLevels.establishmentId, file.establishmentId))) : [];
  if (!level) throw new AppError(404, 'not_found', {}, 'body.levelId');
  return level.id;
}

/** The body's rules, after who and which state: 400 on the field, nothing clamped. */
function checkBody(body: NonComplianceRuleBody): void {
  const [problem] = nonComplianceRuleProblems(body);
  if (problem) throw badRequest(problem.code, problem.params, problem.field);
}

/** 409 when the file already has its own active rule on these indicators (in any order), period and level; `except`: the rule being changed. */
async function requireNoTwin(tx: Db, fileId: string, rule: { indicatorIds: string[]; periodInDays: number; levelId: string | null }, except?: string) {
  const twins = await tx.select({ id: nonObservanceRules.id, indicatorIds: nonObservanceRules.indicatorIds }).from(nonObservanceRules).where(and(
    eq(nonObservanceRules.patientFileId, fileId), eq(nonObservanceRules.active, true), isNull(nonObservanceRules.patientFileProtocolId),
    eq(nonObservanceRules.periodInDays, rule.periodInDays), rule.levelId === null ? isNull(nonObservanceRules.levelId) : eq(nonObservanceRules.levelId, rule.levelId),
  ));
  const key = (ids: string[]) => [...new Set(ids)].sort().join(',');
  if (twins.some((twin) => twin.id !== except && key(twin.indicatorIds) === key(rule.indicatorIds))) {
    throw new AppError(409, 'non_compliance_rule_already_exists', {}, 'body.indicators');
  }
}

export async function listRules(care: CareContext, file: PatientFileHandle): Promise<NonComplianceRule[]> {
  file.requireProfessional();
  const rows = await select(care).where(eq(nonObservanceRules.patientFileId, file.id)).orderBy(asc(nonObservanceRules.createdAt), asc(nonObservanceRules.id));
  return toRules(care, rows);
}

export async function createRule(care: CareContext, file: PatientFileHandle, body: NonComplianceRuleBody): Promise<NonComplianceRule> {
  const references = await indicatorReferences(care, file, body);
  const levelId = await levelOf(care, file, body);
  file.requireProfessional();
  file.requireOpen();
  checkBody(body);
  const id = await care.db.transaction(async (tx) => {
    await file.lockOpen(tx);
    await requireNoTwin(tx, file.id, { indicatorIds: body.indicators, periodInDays: body.periodInDays, levelId });
    const [row] = await tx.insert(nonObservanceRules).values({
      patientFileId: file.id, indicatorIds: body.indicators, periodInDays: body.periodInDays, levelId, createdBy: care.userId, createdAt: care.now(),
    }).returning({ id: nonObservanceRules.id });
    await file.recordHistory(tx, 'NON_COMPLIANCE_RULE_CREATED', { ruleId: row!.id, indicators: references, periodInDays: body.periodInDays, levelId });
    return row!.id;
  });
  return ruleOf(care, id);
}

/** A rule of a file the caller may open, for a change: its file open, the caller a professional of it. */
async function ruleForChange(care: CareContext, ruleId: string, body?: NonComplianceRuleBody): Promise<{ file: PatientFileHandle; rule: Row; references: string[]; levelId: string | null }> {
  const file = await care.patientFileOf('rule', ruleId);
  const [rule] = await care.db.select().from(nonObservanceRules).where(and(eq(nonObservanceRules.id, ruleId), eq(nonObservanceRules.patientFileId, file.id)));
  if (!rule) throw notFound();
  const references = body ? await indicatorReferences(care, file, body) : [];
  const levelId = body ? await levelOf(care, file, body) : rule.levelId;
  file.requireProfessional();
  file.requireOpen();
  return { file, rule, references, levelId };
}

/**
 * One change of a rule in one transaction with its history entry. `still` re-checks the state in
 * the update itself: of two changes at once, the one that finds the rule no longer in that state
 * changes nothing and answers `lost` (409).
 */
async function change(
  care: CareContext, file: PatientFileHandle, rule: Row, kind: HistoryKind,
  set: Partial<typeof nonObservanceRules.$inferInsert>, payload: object, still: { excluded?: boolean }, lost: ErrorCode,
  becomes?: { indicatorIds: string[]; periodInDays: number; levelId: string | null },
): Promise<NonComplianceRule> {
  await care.db.transaction(async (tx) => {
    if (becomes) {
      await file.lockOpen(tx);
      await requireNoTwin(tx, file.id, becomes, rule.id);
    }
    const excluded = still.excluded === undefined ? undefined : still.excluded ? isNotNull(nonObservanceRules.excludedAt) : isNull(nonObservanceRules.excludedAt);
    const changed = await tx.update(nonObservanceRules).set({ ...set, updatedAt: care.now() })
      .where(and(eq(nonObservanceRules.id, rule.id), eq(nonObservanceRules.active, true), excluded)).returning({ id: nonObservanceRules.id });
    if (changed.length === 0) throw conflict(lost);
    await file.recordHistory(tx, kind, { ruleId: rule.id, ...payload });
  });
  return ruleOf(care, rule.id);
}

const requireActive = (rule: Row) => { if (!rule.active) throw conflict('non_compliance_rule_deactivated'); };

export async function updateRule(care: CareContext, ruleId: string, body: NonComplianceRuleBody): Promise<NonComplianceRule> {
  const { file, rule, references, levelId } = await ruleForChange(care, ruleId, body);
  requireActive(rule);
  if (rule.patientFileProtocolId) throw conflict('non_compliance_rule_from_protocol');
  checkBody(body);
  return change(care, file, rule, 'NON_COMPLIANCE_RULE_UPDATED', { indicatorIds: body.indicators, periodInDays: body.periodInDays, levelId },
    { indicators: references, periodInDays: body.periodInDays, previousPeriodInDays: rule.periodInDays, levelId, previousLevelId: rule.levelId }, {}, 'non_compliance_rule_deactivated',
    { indicatorIds: body.indicators, periodInDays: body.periodInDays, levelId });
}

export async function overrideRule(care: CareContext, ruleId: string, body: NonComplianceRuleBody): Promise<NonComplianceRule> {
  const { file, rule, references, levelId } = await ruleForChange(care, ruleId, body);
  requireActive(rule);
  if (!rule.patientFileProtocolId) throw conflict('non_compliance_rule_not_from_protocol');
  checkBody(body);
  return change(care, file, rule, 'NON_COMPLIANCE_RULE_OVERRIDDEN', { indicatorIds: body.indicators, periodInDays: body.periodInDays, levelId, overridden: true },
    { indicators: references, periodInDays: body.periodInDays, previousPeriodInDays: rule.periodInDays, levelId, previousLevelId: rule.levelId }, {}, 'non_compliance_rule_deactivated');
}

export async function deactivateRule(care: CareContext, ruleId: string): Promise<NonComplianceRule> {
  const { file, rule } = await ruleForChange(care, ruleId);
  requireActive(rule);
  return change(care, file, rule, 'NON_COMPLIANCE_RULE_DEACTIVATED', { active: false }, { periodInDays: rule.periodInDays }, {}, 'non_compliance_rule_deactivated');
}

export async function excludeRule(care: CareContext, ruleId: string): Promise<NonComplianceRule> {
  const { file, rule } = await ruleForChange(care, ruleId);
  requireActive(rule);
  if (rule.excludedAt) throw conflict('non_compliance_rule_excluded');
  return change(care, file, rule, 'NON_COMPLIANCE_RULE_EXCLUDED', { excludedAt: care.now() }, { periodInDays: rule.periodInDays }, { excluded: false }, 'non_compliance_rule_excluded');
}

export async function restoreRule(care: CareContext, ruleId: string): Promise<NonComplianceRule> {
  const { file, rule } = await ruleForChange(care, ruleId);
  requireActive(rule);
  if (!rule.excludedAt) throw conflict('non_compliance_rule_not_excluded');
  return change(care, file, rule, 'NON_COMPLIANCE_RULE_RESTORED', { excludedAt: null },
    { periodInDays: rule.periodInDays, excludedAt: rule.excludedAt.toISOString() }, { excluded: true }, 'non_compliance_rule_not_excluded');
}
