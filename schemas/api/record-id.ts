/**
 * Ids that say what they identify. Every id a contract takes (path, query, body, nested or in a
 * list) is written `recordId('indicator')`: the JSON Schema of a uuid with `x-record: 'indicator'`.
 * Validation ignores the keyword (the server's ajv knows it as an annotation, server/logger.ts;
 * /openapi.json keeps it as an extension); tests read it: the access matrix drives each id with
 * another caller's record of that kind instead of guessing the kind from the field's name.
 * The kinds are a closed list, so a typo fails the type check.
 */

/** The annotation's keyword: OpenAPI allows `x-` extensions in its schemas. */
export const RECORD_KEYWORD = 'x-record';

export const RECORD_KINDS = [
  'establishment', 'service', 'patientFile', 'person',
  // A patient file's follow-up.
  'condition', 'pathology', 'note', 'caregiver', 'fileProtocol', 'chartDisplay', 'nonComplianceRule', 'boundary', 'referenceValue',
  'alert', 'alertBatch', 'measure', 'document', 'message',
  // Questionnaires: the form, its assignment to a file, an occurrence of a planned one, an answer.
  'form', 'assignment', 'occurrence', 'response',
  // Stored files: one kept by an answer of the patient file, one the caller uploaded and owns.
  'answerFile', 'upload',
  // Identity documents and their types (per establishment).
  'identityDocument', 'identityDocumentType',
  // The establishment's telemonitoring catalogue.
  'indicatorType', 'unit', 'indicator', 'alertStatus', 'interventionLevel', 'protocol',
  // The establishment's questionnaire catalogue.
  'formType',
  // The caller's own in-app notifications.
  'notification',
  // A service's therapeutic content (issue 20 §2).
  'educationContent',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * The declaration alone, for an id field whose shape is checked elsewhere (the patient form's
 * `serviceId` is any text, checked by the form's rules): `{ type: 'string', ...recordOf('service') }`.
 */
export const recordOf = <const K extends RecordKind>(kind: K) => ({ [RECORD_KEYWORD]: kind }) as { readonly 'x-record': K };

/** The id of a record of `kind`. */
export const recordId = <const K extends RecordKind>(kind: K) => ({ type: 'string', format: 'uuid', ...recordOf(kind) }) as const;

/**
 * Path parameters that are all ids: `recordParams({ id: 'patientFile', noteId: 'note' })`, each
 * required, nothing else accepted.
 */
export function recordParams<const P extends Record<string, RecordKind>>(kinds: P) {
  return {
    type: 'object',
    required: Object.keys(kinds) as (keyof P & string)[],
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, recordId(kind)])) as { [N in keyof P]: ReturnType<typeof recordId<P[N]>> },
  } as const;
}

/** The kind an id's schema declares, if any (for tests and tools that walk the contracts). */
export const recordKindOf = (schema: unknown): RecordKind | undefined =>
  (schema && typeof schema === 'object' ? (schema as Record<string, unknown>)[RECORD_KEYWORD] : undefined) as RecordKind | undefined;
