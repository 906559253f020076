/**
 * Chart displays of a patient file (issue 11 §6, spec 001 §7): the charts of the professional's
 * indicators tab. Professionals of the file read and change them (changes on open files only);
 * the patient and their caregivers read those visible to the patient and not excluded. A chart
 * names indicators of the file's establishment only (404 on `body.indicatorIds.N` otherwise).
 * No history kind exists for a chart's layout: it changes how the team looks at the values, not
 * the patient's care, so changes are not entries of the file's history.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { chartDisplays, indicators, units } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { chartDisplayError, type ChartDisplay, type ChartDisplayBody, type IndicatorLabel } from '../../../schemas/chart-displays.ts';
import type { LocalizedText } from '../../../schemas/localized-text.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { indicatorLabels } from './indicator-labels.ts';

type Row = typeof chartDisplays.$inferSelect;

/** The rows with their indicators' labels (one more query for all of them), in the order of `rows`. */
async function withIndicators(care: CareContext, rows: Row[]): Promise<ChartDisplay[]> {
  const ids = [...new Set(rows.flatMap((row) => row.indicatorIds))];
  const labels = new Map<string, IndicatorLabel>();
  if (ids.length > 0) {
    const found = await care.db.select({
      id: indicators.id, reference: indicators.reference, name: indicators.name, unitSymbol: units.symbol, decimals: indicators.decimals,
    }).from(indicators).innerJoin(units, eq(units.id, indicators.unitId)).where(inArray(indicators.id, ids));
    for (const label of found) labels.set(label.id, { ...label, name: label.name as LocalizedText });
  }
  return rows.map((row) => ({
    id: row.id, patientFileId: row.patientFileId, title: row.title, chartType: row.chartType, periodDays: row.periodDays,
    visibleToPatient: row.visibleToPatient, position: row.position, excludedAt: row.excludedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    // An indicator deleted from the catalogue since (a rare back-office act) is left out rather than failing the list.
    indicators: row.indicatorIds.flatMap((id) => labels.get(id) ?? []),
  }));
}

const order = [asc(chartDisplays.position), asc(chartDisplays.createdAt), asc(chartDisplays.id)];

export async function listChartDisplays(care: CareContext, file: PatientFileHandle): Promise<{ data: ChartDisplay[] }> {
  file.requireProfessional();
  const rows = await care.db.select().from(chartDisplays).where(eq(chartDisplays.patientFileId, file.id)).orderBy(...order);
  return { data: await withIndicators(care, rows) };
}

/** What the patient sees: visible to the patient and not excluded (any caller of the file may read it). */
export async function patientChartDisplays(care: CareContext, file: PatientFileHandle): Promise<{ data: ChartDisplay[] }> {
  const rows = await care.db.select().from(chartDisplays)
    .where(and(eq(chartDisplays.patientFileId, file.id), eq(chartDisplays.visibleToPatient, true), isNull(chartDisplays.excludedAt)))
    .orderBy(...order);
  return { data: await withIndicators(care, rows) };
}

/**
 * What a create or an update stores. Ids first (an indicator of another establishment, or none, is
 * a 404 on its field whoever asks: no oracle), then who asks and whether the file is open, then
 * the body's rules.
 */
async function checked(care: CareContext, file: PatientFileHandle, body: ChartDisplayBody) {
  await indicatorLabels(care.db, file.establishmentId, body.indicatorIds, 'body.indicatorIds');
  file.requireProfessional();
  file.requireOpen();
  const error = chartDisplayError(body);
  if (error) throw badRequest(error.code, error.params, error.field);
  return {
    title: body.title ?? null, indicatorIds: body.indicatorIds, chartType: body.chartType, periodDays: body.periodDays,
    visibleToPatient: body.visibleToPatient,
  };
}

async function one(care: CareContext, id: string): Promise<ChartDisplay> {
  const rows = await care.db.select().from(chartDisplays).where(eq(chartDisplays.id, id));
  if (rows.length === 0) throw notFound();
  return (await withIndicators(care, rows))[0]!;
}

export async function createChartDisplay(care: CareContext, file: PatientFileHandle, body: ChartDisplayBody): Promise<ChartDisplay> {
  const values = await checked(care, file, body);
  const id = await care.db.transaction(async (tx) => {
    // Without a position, after the others. One statement still reads the last position before
    // another's insert commits: charts created at once take turns on the file's row (issue 19).
    await file.lockOpen(tx);
    const [row] = await tx.insert(chartDisplays).values({
      ...values, patientFileId: file.id, createdBy: care.userId, createdAt: care.now(),
      position: body.position ?? sql`(select coalesce(max(${chartDisplays.position}) + 1, 0) from ${chartDisplays} where ${chartDisplays.patientFileId} = ${file.id})`,
    }).returning({ id: chartDisplays.id });
    return row!.id;
  });
  return one(care, id);
}

/** A chart display for a change: its file opened through the caller's scope (404 otherwise), then who and whether open. */
async function forChange(care: CareContext, id: string) {
  const file = await care.patientFileOf('chartDisplay', id);
  file.requireProfessional();
  file.requireOpen();
  return file;
}

export async function updateChartDisplay(care: CareContext, id: string, body: ChartDisplayBody): Promise<ChartDisplay> {
  const file = await care.patientFileOf('chartDisplay', id);
  const values = await checked(care, file, body);
  await care.db.update(chartDisplays).set({ ...values, ...(body.position !== undefined ? { position: body.position } : {}) })
    .where(eq(chartDisplays.id, id));
  return one(care, id);
}

export async function deleteChartDisplay(care: CareContext, id: string): Promise<void> {
  await forChange(care, id);
  await care.db.delete(chartDisplays).where(eq(chartDisplays.id, id));
}

/** Exclude (true) or restore (false); 409 when it already is in that state (a race lost answers the same). */
export async function setChartDisplayExcluded(care: CareContext, id: string, excluded: boolean): Promise<ChartDisplay> {
  await forChange(care, id);
  const changed = await care.db.update(chartDisplays).set({ excludedAt: excluded ? care.now() : null })
    .where(and(eq(chartDisplays.id, id), excluded ? isNull(chartDisplays.excludedAt) : isNotNull(chartDisplays.excludedAt)))
    .returning({ id: chartDisplays.id });
  if (changed.length === 0) throw new AppError(409, excluded ? 'chart_display_already_excluded' : 'chart_display_not_excluded');
  return one(care, id);
}
