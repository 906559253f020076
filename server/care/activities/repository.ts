/**
 * Patients' activity in an establishment (the dashboard's connections-and-activities block):
 * the open files of the services the caller opens as a professional, each with the patient's
 * last connection, last answered questionnaire and last measure. One statement per page: the
 * three "last" values are lateral reads on indexes (sessions_user_idx, form_responses_file_idx,
 * measures_file_indicator_idx), the total a window count over the same rows; a page past the end
 * counts apart.
 *
 * The questionnaire is named in the caller's language (the answered version's definition).
 *
 * The last connection is the latest `last_seen_at` of the patient's sessions still kept: expired
 * sessions are purged, so a patient unseen for longer than that shows none.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formResponses, formVersions, measures, patientFiles, services, sessions, users } from '../../db/schema.ts';
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import type { ActivityListQuery, ActivityRow } from '../../../schemas/activities.ts';
import type { Page } from '../../lists/page.ts';
import type { CareContext } from '../context.ts';

type Query = Required<Omit<ActivityListQuery, 'l'>>;

const ORDER: Record<string, SQL> = {
  lastActivityAt: sql`last_activity_at`,
  lastConnectionAt: sql`last_connection_at`,
  lastResponseAt: sql`r.answered_at`,
  lastMeasureAt: sql`last_measure_at`,
  patientName: sql`u.sort_name`,
};

/**
 * The questionnaire's name in the caller's language, from the version answered (its definition
 * holds every language); French, then any, when it has none in that language (schemas/localized-text.ts).
 * `forms.name` is the French name only, kept for the uniqueness rule.
 */
const formName = (names: unknown, language: string): string =>
  textIn((typeof names === 'string' ? JSON.parse(names) : names) as LocalizedText, language) ?? '';

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());

export async function listActivities(care: CareContext, establishmentId: string, query: Query): Promise<Page<ActivityRow>> {
  const { opens } = await care.patientDataIn(establishmentId);
  const all = await care.db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId)).orderBy(asc(services.id));
  const opened = all.filter((s) => opens(s.id)).map((s) => s.id);
  const { page, pageSize, sort } = query;
  if (!opened.length) return { data: [], totalItems: 0, page, pageSize };
  const descending = sort.startsWith('-');
  const key = ORDER[descending ? sort.slice(1) : sort]!;
  // Never-seen rows last in both directions; the file id breaks ties so pages never overlap.
  const order = descending ? sql`${key} desc nulls last, f.id desc` : sql`${key} asc nulls last, f.id asc`;
  const where = sql`f.service_id in (${sql.join(opened.map((id) => sql`${id}::uuid`), sql`, `)}) and f.status = 'OPEN'`;

  const result = await care.db.execute(sql`
    select f.id as file_id, u.id as patient_id, u.first_name, u.last_name, s.id as service_id, s.name as service_name,
      c.last_connection_at, r.id as response_id, r.answered_at, v.definition->'name' as form_names, m.last_measure_at,
      greatest(c.last_connection_at, r.answered_at, m.last_measure_at) as last_activity_at,
      count(*) over () as total
    from ${patientFiles} f
    join ${services} s on s.id = f.service_id
    join ${users} u on u.id = f.patient_id
    left join lateral (select max(x.last_seen_at) as last_connection_at from ${sessions} x where x.user_id = f.patient_id) c on true
    left join lateral (
      select x.id, x.form_version_id, x.answered_at from ${formResponses} x
      where x.patient_file_id = f.id and x.answered_at is not null order by x.answered_at desc limit 1
    ) r on true
    left join ${formVersions} v on v.id = r.form_version_id
    left join lateral (select max(x.measured_at) as last_measure_at from ${measures} x where x.patient_file_id = f.id) m on true
    where ${where}
    order by ${order}
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  // Both drivers (pg, PGlite) answer `{ rows }`.
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const totalItems = rows.length
    ? Number(rows[0]!.total)
    : Number((await care.db.select({ n: sql<number>`count(*)::int` }).from(patientFiles).where(sql`${inArray(patientFiles.serviceId, opened)} and ${patientFiles.status} = 'OPEN'`))[0]?.n ?? 0);
  return {
    page, pageSize, totalItems,
    data: rows.map((r) => ({
      patientFileId: r.file_id as string,
      patient: { id: r.patient_id as string, firstName: r.first_name as string, lastName: r.last_name as string },
      service: { id: r.service_id as string, name: r.service_name as string },
      lastConnectionAt: iso(r.last_connection_at),
      lastResponse: r.response_id ? { id: r.response_id as string, formName: formName(r.form_names, care.language), answeredAt: iso(r.answered_at)! } : null,
      lastMeasureAt: iso(r.last_measure_at),
      lastActivityAt: iso(r.last_activity_at),
    })),
  };
}
