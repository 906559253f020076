/**
 * The shape of one PostgreSQL schema as the database itself prints it (pg_catalog: format_type,
 * pg_get_expr, pg_get_constraintdef, pg_get_indexdef), so that two schemas built differently —
 * one by the migrations, one from server/db/schema.ts — compare without normalising SQL by hand.
 * Used by tests/api/schema-drift.test.ts (docs/architecture.md §7).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** What one schema holds, each entry keyed by what it is (`column users.email`) → its definition. */
export type Shape = Map<string, string>;

type Row = Record<string, unknown>;

/**
 * Reads `schema`'s tables, columns (type, nullability, default, generated expression), constraints
 * (primary and foreign keys, unique, check, exclusion), indexes not backing a constraint, and the
 * other objects a migration could add beside tables (functions, triggers, views, sequences, types).
 * Column order is not part of the shape: a column added by a migration comes last, and nothing reads it.
 */
export async function readShape(db: Db, schema: string): Promise<Shape> {
  const shape: Shape = new Map();
  // Everything printed fully qualified, then unqualified below: the same text whatever the schema's name.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local search_path = pg_catalog`);
    const read = async (query: SQL) => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
    return {
      tables: await read(sql`select relname as name from pg_class where relnamespace = to_regnamespace(${schema}) and relkind in ('r', 'p')`),
      columns: await read(sql`
        select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull",
               pg_get_expr(d.adbin, d.adrelid) as "default", a.attgenerated as generated, a.attidentity as identity
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace = to_regnamespace(${schema}) and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`),
      // Not-null constraints (contype 'n' from PostgreSQL 18) are the columns' nullability, read above.
      constraints: await read(sql`
        select c.relname as "table", k.conname as name, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k join pg_class c on c.oid = k.conrelid
        where c.relnamespace = to_regnamespace(${schema}) and k.contype in ('p', 'f', 'u', 'c', 'x')`),
      // An index behind a primary key or a unique constraint is that constraint's; a foreign key's conindid is the referenced table's.
      indexes: await read(sql`
        select c.relname as "table", i.relname as name, pg_get_indexdef(x.indexrelid) as definition
        from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
        where c.relnamespace = to_regnamespace(${schema})
          and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype in ('p', 'u', 'x'))`),
      others: await read(sql`
        select 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p
        where p.pronamespace = to_regnamespace(${schema}) and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        union all
        select 'trigger ' || c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = to_regnamespace(${schema}) and not t.tgisinternal
        union all
        select case c.relkind when 'v' then 'view ' when 'm' then 'materialized view ' else 'sequence ' end || c.relname,
               coalesce(pg_get_viewdef(c.oid), '')
        from pg_class c
        where c.relnamespace = to_regnamespace(${schema}) and c.relkind in ('v', 'm', 'S')
          and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
        union all
        select 'type ' || t.typname, coalesce((select string_agg(e.enumlabel, ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), format_type(t.typbasetype, t.typtypmod))
        from pg_type t
        where t.typnamespace = to_regnamespace(${schema}) and t.typtype in ('e', 'd')
          and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`),
    };
  });
  const unqualified = (text: unknown) => String(text ?? '').replace(new RegExp(`\\b(${schema}|public)\\.`, 'g'), '');
  for (const t of rows.tables) shape.set(`table ${t.name}`, '');
  for (const c of rows.columns) {
    const generated = c.generated === 's' ? `generated always as ${unqualified(c.default)} stored` : '';
    const parts = [unqualified(c.type), c.notNull ? 'not null' : 'null',
      generated || (c.default == null ? '' : `default ${unqualified(c.default)}`), c.identity ? `identity ${c.identity}` : ''];
    shape.set(`column ${c.table}.${c.name}`, parts.filter(Boolean).join(' '));
  }
  for (const k of rows.constraints) shape.set(`constraint ${k.table}.${k.name}`, unqualified(k.definition));
  for (const i of rows.indexes) shape.set(`index ${i.table}.${i.name}`, unqualified(i.definition));
  for (const o of rows.others) shape.set(String(o.name), unqualified(o.definition));
  return shape;
}

/** Every difference between the migrated database and what schema.ts declares, one readable line each. */
export function diffShapes(migrated: Shape, declared: Shape): string[] {
  const differences: string[] = [];
  for (const [key, definition] of declared) {
    const found = migrated.get(key);
    if (found === undefined) differences.push(`${key}: declared in schema.ts (${definition || 'table'}), missing from the migrated database`);
    else if (found !== definition) differences.push(`${key}: the migrations make\n    ${found}\n  schema.ts declares\n    ${definition}`);
  }
  for (const [key, definition] of migrated) {
    if (!declared.has(key)) differences.push(`${key}: made by the migrations (${definition || 'table'}), not declared in schema.ts`);
  }
  return differences.sort();
}
