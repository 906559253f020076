import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../languages.ts';
import type { Translate } from './cfworker-validator.ts';
import { JSON_SCHEMA_FORM } from './texts.ts';

/**
 * A translate function fixed to `language` (a questionnaire can be shown in another language
 * than the interface's), over the form's namespace and the caller's (`namespaces`, searched
 * first), then the default one. `ready` is false until these namespaces are loaded in that
 * language: i18next loads them (no Suspense: the form waits, the page around it stays).
 */
export function useLanguageTexts(language: Language, namespaces: readonly string[] = []): { t: Translate; ready: boolean } {
  const { t: fixed, ready } = useTranslation([...namespaces, JSON_SCHEMA_FORM], { lng: language, nsMode: 'fallback', useSuspense: false });
  const t = useCallback<Translate>((key, options) => fixed(key, options ?? {}) as string, [fixed]);
  return { t, ready };
}
