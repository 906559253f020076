/**
 * The error codes (schemas/errors.ts) are one typed list: every code the server throws is in it,
 * and every listed code has its message in fr, en and ar with the same parameters. An unlisted
 * code fails here (and in the type check) instead of reaching a person as 'internal_error'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../../schemas/errors.ts';
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };

const SERVER = path.resolve(import.meta.dirname, '../../server');
const MESSAGES = { fr: fr.errors, en: en.errors, ar: ar.errors } as Record<string, Record<string, string>>;

/**
 * Not our API: the simulator of the national identity service answers in that service's own
 * format (its codes are the outside service's, read by server/identity-service/adapter.ts).
 */
const OTHER_SERVICES = new Set(['identity-service']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return OTHER_SERVICES.has(entry.name) ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Codes written where an error is made: `new AppError(409, 'x')`, `badRequest('x')`,
 * `unauthorized('x')`, `forbidden('x')`, `conflict('x')`, `code: 'x'`, and `[413, 'x']` of the
 * framework's tables.
 */
const THROWN = /(?:AppError\(\s*\d+,\s*|\b(?:badRequest|unauthorized|forbidden|conflict)\(\s*|\bcode:\s*|\[\d{3},\s*)'([A-Za-z_]+)'/g;
const thrownIn = (text: string) => [...text.matchAll(THROWN)].map((m) => m[1]!);

/**
 * A message that counts (`{{count}}`) is given as i18next plural forms, `code_one`, `code_other`…:
 * every form the language's plural rules give a count up to 10,000 (Arabic: zero, one, two, few,
 * many, other; French's `many` is for millions).
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const messageOf = (language: string, code: string) => MESSAGES[language]![code] ?? MESSAGES[language]![`${code}_other`];
const formsOf = (language: string) => {
  const rules = new Intl.PluralRules(language);
  return [...new Set(Array.from({ length: 10_001 }, (_, n) => rules.select(n)))];
};
const missingPluralForms = (language: string, code: string) => (MESSAGES[language]![code] !== undefined ? []
  : formsOf(language).filter((form) => typeof MESSAGES[language]![`${code}_${form}`] !== 'string'));

const parameters = (message: string) => [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('error codes (spec 001 §8)', () => {
  it('the scan finds the codes where errors are made, and would name an unlisted one', () => {
    expect(thrownIn(`throw new AppError(409, 'form_deactivated'); throw badRequest('no_such_code', {}, 'body.x');`))
      .toEqual(['form_deactivated', 'no_such_code']);
    expect(isErrorCode('no_such_code')).toBe(false);
  });

  it('every code the server makes is listed in schemas/errors.ts', () => {
    const unlisted = sources(SERVER).flatMap((file) => thrownIn(readFileSync(file, 'utf8'))
      .filter((code) => !isErrorCode(code)).map((code) => `${path.relative(SERVER, file)}: ${code}`));
    expect(unlisted).toEqual([]);
  });

  it.each(Object.keys(MESSAGES))('every listed code has its %s message', (language) => {
    expect(Object.keys(ERROR_CODES).filter((code) => typeof messageOf(language, code) !== 'string' || missingPluralForms(language, code).length > 0)).toEqual([]);
  });

  it('every message is of a listed code', () => {
    for (const language of Object.keys(MESSAGES)) {
      expect(Object.keys(MESSAGES[language]!).filter((key) => !isErrorCode(key) && !(PLURAL.test(key) && isErrorCode(key.replace(PLURAL, ''))))).toEqual([]);
    }
  });

  it('a code says the same parameters in fr, en and ar', () => {
    const differing = Object.keys(ERROR_CODES).filter((code) => {
      const [first, ...others] = Object.keys(MESSAGES).map((language) => JSON.stringify(parameters(messageOf(language, code) ?? '')));
      return others.some((other) => other !== first);
    });
    expect(differing).toEqual([]);
  });

  it('statuses are HTTP error statuses', () => {
    expect(Object.entries(ERROR_CODES).filter(([, { status }]) => status < 400 || status > 599)).toEqual([]);
  });
});
