/** The runtime configuration the client reads at start (spec 001 §3), from the environment. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { RuntimeConfig } from '../../schemas/runtime-config.ts';
import { LANGUAGES } from '../../schemas/common.ts';
import { APP_VERSION, RELEASE_DATE } from '../shared/version.ts';

export function runtimeConfig(config: Config, brand: string | undefined, logoUrl: string): RuntimeConfig {
  const e = config.env;
  const self = config.publicUrl.origin;
  return {
    env: e.APP_ENV as string,
    version: APP_VERSION,
    buildDate: e.BUILD_DATE ?? config.startedAt.toISOString(),
    releaseDate: RELEASE_DATE,
    disableConsole: e.DISABLE_CONSOLE as boolean,
    strictMode: e.STRICT_MODE as boolean,
    timeRemainingBeforeUserWarn: e.TIME_REMAINING_BEFORE_USER_WARN as number,
    theme: { slug: brand ?? null, logo: logoUrl },
    host: config.publicUrl.host,
    urls: { self, api: `${self}/api`, auth: `${self}/auth` },
    errorReporting: {
      dsn: e.ERROR_REPORTING_DSN ?? null,
      environment: e.ERROR_REPORTING_ENVIRONMENT ?? (e.APP_ENV as string),
      autoSessionTracking: e.ERROR_REPORTING_AUTO_SESSION_TRACKING as boolean,
      tracesSampleRate: e.ERROR_REPORTING_TRACES_SAMPLE_RATE as number,
      replaysSessionSampleRate: e.ERROR_REPORTING_REPLAYS_SESSION_SAMPLE_RATE as number,
      replaysOnErrorSampleRate: e.ERROR_REPORTING_REPLAYS_ON_ERROR_SAMPLE_RATE as number,
    },
    defaultLanguage: config.defaultLanguage,
    languages: [...LANGUAGES],
    termsOfUse: termsOfUse(config.layoutsDir, brand),
  };
}

/**
 * The terms of use of /accept-cgu, markdown per language: `layouts/<brand>/terms/<lang>.md`,
 * else `layouts/default/terms/<lang>.md`. Read once per brand, like the logos (a changed text
 * is served after a restart).
 */
const termsByBrand = new Map<string, NonNullable<RuntimeConfig['termsOfUse']>>();

function termsOfUse(layoutsDir: string, brand: string | undefined): NonNullable<RuntimeConfig['termsOfUse']> {
  // The slug becomes a folder name: only the characters a brand slug has.
  const slug = brand && /^[a-z0-9-]{1,63}$/.test(brand) ? brand : 'default';
  const key = `${layoutsDir}\0${slug}`;
  let terms = termsByBrand.get(key);
  if (!terms) {
    const read = (folder: string, language: string) => {
      try { return readFileSync(path.join(layoutsDir, folder, 'terms', `${language}.md`), 'utf8'); } catch { return undefined; }
    };
    terms = Object.fromEntries(LANGUAGES.flatMap((language) => {
      const text = read(slug, language) ?? read('default', language);
      return text === undefined ? [] : [[language, text]];
    }));
    termsByBrand.set(key, terms);
  }
  return terms;
}
