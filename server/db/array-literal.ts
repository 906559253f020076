/**
 * A column of values as ONE PostgreSQL array literal (`{"a","b",NULL,1.5}`), to insert many rows
 * with `unnest($1::uuid[], $2::float8[], ...)`: one parameter per column instead of one per value,
 * and far cheaper for PostgreSQL to parse and plan than the rows as a JSON document
 * (jsonb_to_recordset). Texts are always quoted with `"` and `\` escaped; null is NULL; numbers
 * (finite only: check before) are written as JavaScript writes them, which float8 reads back
 * exactly.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map(element).join(',')}}`;
}

function element(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  // Most texts (uuids, timestamps, units) hold neither: quoted without a scan by a regular expression.
  return value.includes('"') || value.includes('\\') ? `"${value.replace(/[\\"]/g, '\\$&')}"` : `"${value}"`;
}
