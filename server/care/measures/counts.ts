/**
 * THE condition every reader of values that count adds (issue 18): a measure marked entered in
 * error (entered-in-error.ts) leaves charts, last values, evaluations and non-compliance
 * counting. tests/api/measures-entered-in-error.test.ts lists every reader of `measures`.
 */
import { isNull, sql } from 'drizzle-orm';
import { measures } from '../../db/schema.ts';

export const counts = isNull(measures.enteredInErrorAt);
/** The same, in raw SQL over `measures` aliased `alias`. */
export const countsIn = (alias: string) => sql`${sql.identifier(alias)}.entered_in_error_at is null`;
