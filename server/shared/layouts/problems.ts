/**
 * Why a provisioned or saved document is invalid, kept as data (an ajv error, or a key of the
 * server's locales) so that each caller reads it in its own language: the 400 of a save in the
 * call's language, /ui/status in the status caller's, the logs in English. ajv-i18n translates
 * the schema's reasons, as the API's own validation errors are (plugins/errors.ts).
 */
import type { ErrorObject } from 'ajv';
import localize from 'ajv-i18n';
import { translator, type Language } from '../../i18n/index.ts';

export type Reason =
  | { ajv: ErrorObject }
  /** `layouts.errors.<key>` with its values; `detail` is quoted as is (a parser's own words). */
  | { key: string; params?: Record<string, string | number>; detail?: string };

export function reasonIn(reason: Reason, language: Language): string {
  if ('key' in reason) {
    const text = translator(language)(`layouts.errors.${reason.key}`, reason.params ?? {});
    return reason.detail ? `${text} (${reason.detail})` : text;
  }
  const error = reason.ajv;
  let message = error.message ?? 'invalid';
  // ajv's English names a missing property in quotes; ajv-i18n's English does not.
  if (language !== 'en') {
    const copy = [{ ...error }];
    localize[language](copy);
    message = copy[0]!.message?.trim() || message;
  }
  // Neither says which additional property, nor the allowed values; some languages drop the missing property.
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[]; missingProperty?: string };
  if (params.additionalProperty) return `${message} '${params.additionalProperty}'`;
  if (params.allowedValues) return `${message} (${params.allowedValues.join(', ')})`;
  if (params.missingProperty && !message.includes(params.missingProperty)) return `${message} '${params.missingProperty}'`;
  return message;
}

/** A document refused at `path` (a JSON pointer; '' for the whole document, or none at all). */
export class InvalidDocumentError extends Error {
  readonly path: string | undefined;
  readonly why: Reason;

  constructor(path: string | undefined, why: Reason) {
    super(describe(path, why, 'en'));
    this.name = 'InvalidDocumentError';
    this.path = path;
    this.why = why;
  }

  /** The reason alone, in a language. */
  reasonIn(language: Language): string {
    return reasonIn(this.why, language);
  }

  /** Path and reason, as /ui/status and the logs state them. */
  describe(language: Language): string {
    return describe(this.path, this.why, language);
  }
}

export function describe(path: string | undefined, why: Reason, language: Language): string {
  const reason = reasonIn(why, language);
  return path === undefined ? reason : translator(language)('layouts.errors.at', { path: path || '/', reason });
}
