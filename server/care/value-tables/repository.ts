/**
 * The value table of a patient file and its settings (issue 11 §6, spec 001 §7): rows are local
 * calendar days in the caller's time zone (a day of 23 or 25 hours on a daylight-saving change is
 * one row), columns the indicators chosen, cells every value of the day as stored — never an
 * average, never rounded here — oldest first, those that raised an alert marked with the colour
 * of the most urgent one. The values are read in one statement, whatever the number of days and
 * indicators (measures_file_indicator_idx; the alerts through alerts_file_idx).
 */
import { eq, sql } from 'drizzle-orm';
import { indicatorValuesTableSettings } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import type { IndicatorLabel } from '../../../schemas/chart-displays.ts';
import {
  VALUE_TABLE_DEFAULT_DAYS, VALUE_TABLE_MAX_DAYS,
  type ValueTable, type ValueTableQuery, type ValueTableSettings, type ValueTableValue,
} from '../../../schemas/value-tables.ts';
import type { AlertColour } from '../../../schemas/telemonitoring.ts';
import { addDays } from '../../../schemas/patient-form/dates.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { establishmentIndicators, indicatorLabels } from '../chart-displays/indicator-labels.ts';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export const localDateOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function valueTableSettings(care: CareContext, file: PatientFileHandle): Promise<ValueTableSettings> {
  file.requireProfessional();
  const [row] = await care.db.select().from(indicatorValuesTableSettings).where(eq(indicatorValuesTableSettings.patientFileId, file.id));
  return { indicators: row?.indicatorIds ?? [], startDate: row?.startDate ?? null };
}

export async function saveValueTableSettings(care: CareContext, file: PatientFileHandle, body: ValueTableSettings): Promise<ValueTableSettings> {
  // Ids first: an indicator of another establishment is a 404 on its field whoever asks.
  await indicatorLabels(care.db, file.establishmentId, body.indicators, 'body.indicators');
  file.requireProfessional();
  file.requireOpen();
  if (body.startDate !== null && body.startDate > localDateOf(care.now(), care.timeZone)) throw badRequest('date_in_future', {}, 'body.startDate');
  const values = { indicatorIds: body.indicators, startDate: body.startDate, updatedBy: care.userId, updatedAt: care.now() };
  await care.db.insert(indicatorValuesTableSettings).values({ patientFileId: file.id, ...values })
    .onConflictDoUpdate({ target: indicatorValuesTableSettings.patientFileId, set: values });
  return { indicators: body.indicators, startDate: body.startDate };
}

/** The columns: the query's references, else the settings' indicators, else every indicator of the establishment. */
async function columnsOf(care: CareContext, file: PatientFileHandle, query: ValueTableQuery, settings: ValueTableSettings): Promise<IndicatorLabel[]> {
  if (query.indicators !== undefined) {
    const references = query.indicators.split(',');
    const empty = references.findIndex((reference) => reference === '');
    if (empty >= 0) throw badRequest('field_required', {}, `query.indicators.${empty}`);
    return indicatorLabels(care.db, file.establishmentId, references, 'query.indicators', 'reference');
  }
  if (settings.indicators.length > 0) {
    // A setting saved before an indicator left the catalogue keeps the others.
    const all = await establishmentIndicators(care.db, file.establishmentId);
    const byId = new Map(all.map((label) => [label.id, label]));
    return settings.indicators.flatMap((id) => byId.get(id) ?? []);
  }
  return establishmentIndicators(care.db, file.establishmentId);
}

interface ValueRow {
  id: string; indicatorId: string; value: number; measuredAt: Date | string; day: string; colour: AlertColour | null;
  errorAt: Date | string | null; errorReason: string | null; replacedBy: string | null; errorBy: { id: string; firstName: string; lastName: string } | string | null;
}

export async function valueTable(care: CareContext, file: PatientFileHandle, query: ValueTableQuery): Promise<ValueTable> {
  const settings = await valueTableSettings(care, file);
  const columns = await columnsOf(care, file, query, settings);
  const timeZone = care.timeZone;
  const today = localDateOf(care.now(), timeZone);
  const from = query.startDate ?? settings.startDate ?? addDays(today, 1 - VALUE_TABLE_DEFAULT_DAYS);
  if (from > today) throw badRequest('date_in_future', {}, query.startDate !== undefined ? 'query.startDate' : 'startDate');
  // An old start date shows its first year (the answer's `to` says so), never an unbounded table.
  const to = daysBetween(from, today) >= VALUE_TABLE_MAX_DAYS ? addDays(from, VALUE_TABLE_MAX_DAYS - 1) : today;

  const values: ValueRow[] = columns.length === 0 ? [] : ((await care.db.execute(sql`
    select m.id, m.indicator_id as "indicatorId", m.value, m.measured_at as "measuredAt",
      to_char((m.measured_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
      -- A value entered in error shows struck: its alerts closed with it, it carries no colour.
      case when m.entered_in_error_at is null then a.colour end as colour,
      m.entered_in_error_at as "errorAt", m.entered_in_error_reason as "errorReason", m.replaced_by as "replacedBy",
      case when u.id is not null then json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) end as "errorBy"
    from measures m
    left join users u on u.id = m.entered_in_error_by
    left join (
      select distinct on (al.measure_id) al.measure_id, l.colour
      from alerts al left join intervention_levels l on l.id = al.level_id
      where al.patient_file_id = ${file.id} and al.measure_id is not null
      order by al.measure_id, l.rank nulls last
    ) a on a.measure_id = m.id
    where m.patient_file_id = ${file.id}
      and m.indicator_id in (${sql.join(columns.map((c) => sql`${c.id}::uuid`), sql`, `)})
      and m.measured_at >= (${from}::timestamp at time zone ${timeZone})
      and m.measured_at < (${addDays(to, 1)}::timestamp at time zone ${timeZone})
    order by m.measured_at, m.id`)) as unknown as { rows: ValueRow[] }).rows;
  // Both drivers (pg, PGlite) answer `{ rows }`.

  const column = new Map(columns.map((c, i) => [c.id, i]));
  const cells = new Map<string, ValueTableValue[][]>();
  for (const row of values) {
    let day = cells.get(row.day);
    if (!day) { day = columns.map(() => []); cells.set(row.day, day); }
    day[column.get(row.indicatorId)!]!.push({
      id: row.id, value: Number(row.value), measuredAt: new Date(row.measuredAt).toISOString(), alertColour: row.colour ?? null,
      enteredInError: row.errorAt === null ? null : {
        at: new Date(row.errorAt).toISOString(), reason: row.errorReason ?? '', replacedBy: row.replacedBy,
        by: typeof row.errorBy === 'string' ? JSON.parse(row.errorBy) : row.errorBy,
      },
    });
  }
  const rows = [];
  for (let date = to; date >= from; date = addDays(date, -1)) rows.push({ date, cells: cells.get(date) ?? columns.map(() => []) });
  return { from, to, timeZone, indicators: columns, rows };
}
