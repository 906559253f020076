/**
 * One way to write things (issue 18), checked on every locale file of the client
 * (client/**\/locales/*.json) and of the server (server/i18n/locales): comparisons written "≥"
 * and "≤", never ">=" or "<="; one required-field message (spec 001 §5) per language; date
 * patterns in the language's letters; and in Arabic every count through i18next's plural rules,
 * with all six of Arabic's forms (zero, one, two, few, many, other), so "7 أيام" is written, not
 * "7 يومًا".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Texts = Map<string, string>;

function localeFiles(): Array<{ file: string; language: string }> {
  const client = (readdirSync(path.join(ROOT, 'client'), { recursive: true }) as string[])
    .filter((f) => /(^|[/\\])locales[/\\](fr|en|ar)\.json$/.test(f)).map((f) => path.join('client', f));
  const server = ['fr', 'en', 'ar'].map((l) => path.join('server/i18n/locales', `${l}.json`));
  return [...client, ...server].map((file) => ({ file, language: path.basename(file, '.json') }));
}

function textsOf(file: string): Texts {
  const texts: Texts = new Map();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') texts.set(prefix, node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')), '');
  return texts;
}

const FILES = localeFiles().map((f) => ({ ...f, texts: textsOf(f.file) }));
const offenders = (language: string | null, test: (key: string, text: string) => boolean) =>
  FILES.filter((f) => language === null || f.language === language)
    .flatMap((f) => [...f.texts].filter(([k, v]) => test(k, v)).map(([k, v]) => `${f.file} ${k}: ${v}`));

const AR_PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_KEY = /^(.*)_(zero|one|two|few|many|other)$/;
/** Arabic nouns that agree with the number before them ("ال…", the noun of a label such as "عدد الأحرف", does not). */
const NOUNS = '(?<![\\p{L}])(يوم|يومًا|أيام|ساعة|ساعات|دقيقة|دقائق|ثانية|ثوانٍ|حرف|حرفًا|أحرف|مرة|مرات|قيمة|قيم|عتبة|عتبات|هوية|هويات)(?![\\p{L}])';
const COUNTED_NOUN = new RegExp(`\\{\\{count\\}\\}\\s*${NOUNS}`, 'u');
/** A number written before such a noun must be {{count}}, for the plural rules to choose the noun's form. */
const COUNTED_NOUNS = new RegExp(`\\{\\{(?!count\\}\\})\\w+\\}\\}\\s*${NOUNS}`, 'u');

describe('every locale file', () => {
  it('finds the client and server locale files', () => {
    expect(FILES.length).toBeGreaterThan(60);
    expect(new Set(FILES.map((f) => f.language))).toEqual(new Set(['fr', 'en', 'ar']));
  });

  it('writes comparisons ≥ and ≤, never >= or <=', () => {
    expect(offenders(null, (_k, v) => /[<>]=/.test(v))).toEqual([]);
  });

  it('says a required field is missing with the one message of spec 001 §5', () => {
    const MESSAGE: Record<string, string> = { fr: 'Ce champ est obligatoire', en: 'This field is required', ar: 'هذا الحقل إلزامي' };
    // The keys that say "required" about a field (not "choose at least one indicator", "answer this question").
    const SAYS: Record<string, RegExp> = { fr: /obligatoire/i, en: /required/i, ar: /إلزامي|مطلوب/ };
    const required = (k: string) => /(^|\.)(required|field_required)$/.test(k);
    for (const language of ['fr', 'en', 'ar']) {
      expect(offenders(language, (k, v) => required(k) && SAYS[language]!.test(v) && v !== MESSAGE[language])).toEqual([]);
    }
    // "Obligatoire" alone, a second way of saying it, anywhere.
    expect(offenders('fr', (_k, v) => /^obligatoire\.?$/i.test(v.trim()))).toEqual([]);
  });

  it('names the sexes the same way on every screen (the patient form and the identity tab)', () => {
    for (const language of ['fr', 'en', 'ar']) {
      const labels = new Map<string, Set<string>>();
      for (const f of FILES.filter((file) => file.language === language)) {
        for (const [key, text] of f.texts) {
          const m = /(?:^|\.)sex\.(male|female|unknown)$/.exec(key);
          if (m) labels.set(m[1]!, (labels.get(m[1]!) ?? new Set()).add(text));
        }
      }
      expect(labels.size).toBe(3);
      for (const [sex, texts] of labels) expect([language, sex, [...texts]]).toEqual([language, sex, [...texts].slice(0, 1)]);
    }
  });

  it('writes date patterns in the language\'s letters (JJ/MM/AAAA in French)', () => {
    expect(offenders('fr', (_k, v) => /DD\/MM|dd\/mm|YYYY|yyyy/.test(v))).toEqual([]);
    expect(offenders('ar', (_k, v) => /DD\/MM|dd\/mm|JJ\/MM|jj\/mm/.test(v))).toEqual([]);
  });
});

describe('Arabic counts', () => {
  const arabic = FILES.filter((f) => f.language === 'ar');

  it('give every counted text its six plural forms', () => {
    const incomplete: string[] = [];
    for (const { file, texts } of arabic) {
      const groups = new Map<string, Set<string>>();
      for (const [key, text] of texts) {
        const m = PLURAL_KEY.exec(key);
        if (m && [...texts].some(([k, v]) => k.startsWith(`${m[1]}_`) && PLURAL_KEY.test(k) && v.includes('{{count}}'))) {
          groups.set(m[1]!, (groups.get(m[1]!) ?? new Set()).add(m[2]!));
        } else if (text.includes('{{count}}') && COUNTED_NOUN.test(text)) incomplete.push(`${file} ${key}: a count without plural forms`);
      }
      for (const [base, forms] of groups) {
        const missing = AR_PLURALS.filter((p) => !forms.has(p));
        if (missing.length) incomplete.push(`${file} ${base}: missing ${missing.join(', ')}`);
      }
    }
    expect(incomplete).toEqual([]);
  });

  it('never write a number before a counted noun except through {{count}}', () => {
    expect(offenders('ar', (_k, v) => COUNTED_NOUNS.test(v))).toEqual([]);
  });
});
