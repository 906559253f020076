/**
 * The open files whose thresholds raise nothing (issue 18, the dashboard's inactive-thresholds
 * block). The rule is effectiveBoundaries' (measures/boundaries.ts), said in SQL over every file
 * at once: per file and indicator, the file's own active thresholds and those of its active,
 * non-excluded protocols replace the indicator's defaults; a RELATIVE one among those in force is
 * inactive when the file has no active reference value and the indicator no global one.
 *
 * Only indicators that can be inactive are read: the defaults of indicators with a relative
 * default and no global reference value (a handful — weight in the demo), crossed with the
 * followed open files that set none of their own for it, plus the files' own relative thresholds.
 * tests/api/inactive-thresholds.test.ts checks the answer against indicator_boundaries.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { indicatorBoundaries, indicators, patientFileProtocols, patientFiles, referenceValues, services, users } from '../../db/schema.ts';
import type { InactiveThresholdsRow } from '../../../schemas/inactive-thresholds.ts';
import type { LocalizedText } from '../../../schemas/localized-text.ts';
import type { Page } from '../../lists/page.ts';
import type { CareContext } from '../context.ts';

type Row = Record<string, unknown>;

export async function listInactiveThresholds(care: CareContext, establishmentId: string, query: { page: number; pageSize: number }): Promise<Page<InactiveThresholdsRow>> {
  const { opens } = await care.patientDataIn(establishmentId);
  const all = await care.db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId)).orderBy(asc(services.id));
  const opened = all.filter((s) => opens(s.id)).map((s) => s.id);
  const { page, pageSize } = query;
  if (!opened.length) return { data: [], totalItems: 0, page, pageSize };
  const inServices = sql.join(opened.map((id) => sql`${id}::uuid`), sql`, `);

  const result = await care.db.execute(sql`
    with files as (
      select f.id from ${patientFiles} f where f.service_id in (${inServices}) and f.status = 'OPEN'
    ),
    own as (
      select b.patient_file_id as file_id, b.indicator_id, b.mode from ${indicatorBoundaries} b
      left join ${patientFileProtocols} p on p.id = b.patient_file_protocol_id
      where b.patient_file_id in (select id from files) and b.active
        and (b.patient_file_protocol_id is null or (p.active and p.excluded_at is null))
    ),
    relative_defaults as (
      select b.indicator_id, count(*)::int as n from ${indicatorBoundaries} b
      join ${indicators} i on i.id = b.indicator_id
      where i.establishment_id = ${establishmentId} and i.reference_value is null
        and b.patient_file_id is null and b.protocol_id is null and b.active and b.mode = 'RELATIVE'
      group by b.indicator_id
    ),
    pairs as (
      select o.file_id, o.indicator_id, count(*)::int as n from own o
      join ${indicators} i on i.id = o.indicator_id
      where o.mode = 'RELATIVE' and i.reference_value is null
      group by o.file_id, o.indicator_id
      union all
      select f.id, d.indicator_id, d.n from files f cross join relative_defaults d
      where not exists (select 1 from own o where o.file_id = f.id and o.indicator_id = d.indicator_id)
    ),
    inactive as (
      select p.* from pairs p
      where not exists (select 1 from ${referenceValues} r
        where r.patient_file_id = p.file_id and r.indicator_id = p.indicator_id and r.deactivated_at is null)
    )
    select f.id as file_id, u.id as patient_id, u.first_name, u.last_name, s.id as service_id, s.name as service_name,
      json_agg(json_build_object('id', i.id, 'reference', i.reference, 'name', i.name, 'inactiveBoundaries', x.n)
        order by lower(i.name ->> 'fr'), i.id) as indicators,
      count(*) over () as total
    from inactive x
    join ${patientFiles} f on f.id = x.file_id
    join ${services} s on s.id = f.service_id
    join ${users} u on u.id = f.patient_id
    join ${indicators} i on i.id = x.indicator_id
    group by f.id, f.created_at, u.id, u.first_name, u.last_name, s.id, s.name
    order by f.created_at desc, f.id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  // Both drivers (pg, PGlite) answer `{ rows }`; a page past the end has no row to carry the total.
  const rows = (result as unknown as { rows: Row[] }).rows;
  const totalItems = rows.length || page === 1 ? Number(rows[0]?.total ?? 0)
    : (await listInactiveThresholds(care, establishmentId, { page: 1, pageSize: 1 })).totalItems;
  return {
    page, pageSize, totalItems,
    data: rows.map((r) => ({
      patientFileId: r.file_id as string,
      patient: { id: r.patient_id as string, firstName: r.first_name as string, lastName: r.last_name as string },
      service: { id: r.service_id as string, name: r.service_name as string },
      indicators: (typeof r.indicators === 'string' ? JSON.parse(r.indicators) : r.indicators as Row[]).map((i: Row) => ({
        id: i.id as string, reference: i.reference as string, name: i.name as LocalizedText, inactiveBoundaries: Number(i.inactiveBoundaries), reason: 'no_reference_value' as const,
      })),
    })),
  };
}
