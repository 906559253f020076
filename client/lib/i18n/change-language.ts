/**
 * Choosing a language (spec 000 §1, 001 §7): switch the interface, keep it in local storage
 * under `lang`, tell the native app, and save it on the account with HEAD /me?l=.
 */
import { meRoutes } from '../../../schemas/api/me.ts';
import { call } from '../api/client.ts';
import type { Language } from '../languages.ts';
import { LANGUAGE_STORAGE_KEY } from './detect-language.ts';
import { currentLanguage, switchLanguage } from './i18n.ts';
import { notifyNativeApp } from './native-app.ts';

export function storeLanguage(language: Language) {
  try { localStorage.setItem(LANGUAGE_STORAGE_KEY, language); } catch { /* storage unavailable: the choice lasts for this page */ }
}

export async function changeLanguage(language: Language, options: { saveOnAccount: boolean }): Promise<void> {
  const changed = language !== currentLanguage();
  await switchLanguage(language);
  storeLanguage(language);
  if (changed) notifyNativeApp(language);
  if (options.saveOnAccount) await call(meRoutes.saveLanguage, { query: { l: language } });
}
