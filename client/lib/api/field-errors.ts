/**
 * Where a refused request's messages go: the server names each field it refuses (`body.note`,
 * `body.planning.windowHours`, `traits.birthName`) with a message already in the user's language,
 * in `errors[]` when there are several, else in `field`. Every screen reads them the same way.
 */
import { isApiError } from './api-error.ts';

/** Each field the server named → its first message; {} for anything but an API error. */
export function messagesByField(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const e of error.errors ?? []) out[e.field] ??= e.message;
  if (error.field) out[error.field] ??= error.message;
  return out;
}

/**
 * A 400's messages for the form fields under `prefix` (`body.`, `body.planning.`), every message of a
 * field kept: `{ windowHours: ['…'] }`; undefined when none of `fields` is named.
 */
export function messagesUnder(error: unknown, prefix: string, fields: readonly string[]): Record<string, string[]> | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  const listed = error.errors?.length ? error.errors : [{ field: error.field, message: error.message }];
  const out: Record<string, string[]> = {};
  for (const { field, message } of listed) {
    const name = field?.startsWith(prefix) ? field.slice(prefix.length) : undefined;
    if (name && fields.includes(name)) out[name] = [...(out[name] ?? []), message];
  }
  return Object.keys(out).length ? out : undefined;
}
