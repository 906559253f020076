/** The server's refusals on a SchemaForm's fields (rjsf's ErrorSchema: `{ windowHours: { __errors: ['…'] } }`). */
import type { ErrorSchema } from '@rjsf/utils';
import { messagesUnder } from '../api/field-errors.ts';

export function serverErrors(error: unknown, prefix: string, fields: readonly string[]): ErrorSchema | undefined {
  const messages = messagesUnder(error, prefix, fields);
  return messages && (Object.fromEntries(Object.entries(messages).map(([name, list]) => [name, { __errors: list }])) as ErrorSchema);
}
