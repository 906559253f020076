/** The text of a cell: the value at a dotted path (`service.name`), objects left out. */
export function cellText(row: Record<string, unknown>, field: string): string {
  let value: unknown = row;
  for (const key of field.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  if (value === undefined || value === null || typeof value === 'object') return '';
  return String(value);
}
