/** A layout's texts and links as a screen shows them. */
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';

/** A layout's text in the interface language (the shared fallback: French, then any); '' when there is none. */
export const localize = (text: LocalizedText | undefined, language: string): string => textIn(text, language) ?? '';

/**
 * Where a layout's link leads: an https address opens outside; a path of the site is used as
 * is; a relative path (`my-tasks`) resolves against the area's base (`/p/0/my-tasks`).
 */
export function resolveHref(href: string, areaHref: string): { href: string; external: boolean } {
  if (/^(https?:|mailto:|tel:)/i.test(href)) return { href, external: true };
  if (href.startsWith('/') || href.startsWith('#')) return { href, external: false };
  return { href: `${areaHref.replace(/\/+$/, '')}/${href}`, external: false };
}
