import { useEffect, useMemo, useState } from 'react';
import { ensureLoaded, i18n } from '../i18n/i18n.ts';
import type { Language } from '../languages.ts';
import type { Translate } from './cfworker-validator.ts';

/**
 * A translate function fixed to `language`, once its texts are loaded (a questionnaire can be
 * shown in another language than the interface's). `ready` is false until then.
 */
export function useLanguageTexts(language: Language): { t: Translate; ready: boolean } {
  const [loaded, setLoaded] = useState(() => i18n.hasResourceBundle(language, 'translation'));
  useEffect(() => {
    if (i18n.hasResourceBundle(language, 'translation')) { setLoaded(true); return; }
    let live = true;
    setLoaded(false);
    void ensureLoaded(language).then(() => { if (live) setLoaded(true); });
    return () => { live = false; };
  }, [language]);
  const t = useMemo<Translate>(() => {
    const fixed = i18n.getFixedT(language);
    return (key, options) => fixed(key, options ?? {}) as string;
  }, [language, loaded]);
  return { t, ready: loaded };
}
