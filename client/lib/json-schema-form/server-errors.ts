/** The server's refusals on a SchemaForm's fields (rjsf's ErrorSchema: `{ windowHours: { __errors: ['…'] } }`). */
import type { ErrorSchema } from '@rjsf/utils';
import { fieldErrorsOf } from '../api/field-errors.ts';

/**
 * The refusal's messages for the form fields under `prefix` (`body.`, `body.planning.`), every
 * message of a field kept; undefined when none of `fields` is named (the screen then shows the
 * error itself). Any 4xx naming a field counts: a 409 NOT_UNIQUE_ERROR lands on its field too.
 */
export function serverErrors(error: unknown, prefix: string, fields: readonly string[]): ErrorSchema | undefined {
  const out: Record<string, { __errors: string[] }> = {};
  for (const { field, message } of fieldErrorsOf(error)) {
    const name = field.startsWith(prefix) ? field.slice(prefix.length) : undefined;
    if (name && fields.includes(name)) (out[name] ??= { __errors: [] }).__errors.push(message);
  }
  return Object.keys(out).length ? (out as ErrorSchema) : undefined;
}
