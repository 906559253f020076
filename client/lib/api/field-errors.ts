/**
 * Where a refused request's messages go: the server names each field it refuses (`body.note`,
 * `body.planning.windowHours`, `traits.birthName`) with a message already in the user's language,
 * in `errors[]` when there are several, else in `field`. Any 4xx may name one: a 400 (invalid),
 * a 404 on a field (an id of another establishment), a 409 (NOT_UNIQUE_ERROR on `body.name`).
 * Every screen and every form (SchemaForm's serverErrors) reads them through fieldErrorsOf, so
 * no screen shows a 409 on its field while another shows it in a banner.
 */
import { isApiError } from './api-error.ts';

export interface FieldError { field: string; message: string }

/** Every field message of a refused request (any 4xx), in the server's order; [] for anything else. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || error.status < 400 || error.status > 499) return [];
  const listed: { field?: string; message: string }[] = error.errors?.length ? error.errors : [{ field: error.field, message: error.message }];
  return listed.flatMap(({ field, message }) => (field ? [{ field, message }] : []));
}

/** Each field the server named → its first message; {} for anything but a refusal naming fields. */
export function messagesByField(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of fieldErrorsOf(error)) out[field] ??= message;
  return out;
}
