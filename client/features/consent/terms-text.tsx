/**
 * The terms of use themselves, in the interface's language (else French), as the gateway
 * serves them for the page's brand (runtime config `termsOfUse`, from layouts/…/terms/*.md).
 * Rendered by the layouts' markdown view: a safe subset, raw HTML never interpreted. The text
 * scrolls in its own box, reachable by keyboard, so the checkbox and buttons stay in sight.
 */
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../blocks/markdown/markdown-view.tsx';
import { runtimeConfigIfLoaded } from '../../lib/config.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { isLanguage } from '../../lib/languages.ts';

export function TermsText() {
  const { t, i18n } = useTranslation();
  const terms = runtimeConfigIfLoaded()?.termsOfUse;
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const text = textIn(terms, language);
  if (!text) return null;
  return (
    <Box
      component="section" tabIndex={0} aria-label={t('consent.terms.documentLabel')} data-terms-of-use
      mah="45vh" p="sm" style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <MarkdownView source={text} areaHref="/" />
    </Box>
  );
}
