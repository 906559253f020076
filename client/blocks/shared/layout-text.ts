/** A layout's texts and links as a screen shows them. */
import type { LocalizedText } from '../../../schemas/localized-text.ts';

/** A layout's text in the interface language; French when that language is missing. */
export function localize(text: LocalizedText | undefined, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return text[language as keyof typeof text] || text.fr;
}

/**
 * Where a layout's link leads: an https address opens outside; a path of the site is used as
 * is; a relative path (`my-tasks`) resolves against the area's base (`/p/0/my-tasks`).
 */
export function resolveHref(href: string, areaHref: string): { href: string; external: boolean } {
  if (/^(https?:|mailto:|tel:)/i.test(href)) return { href, external: true };
  if (href.startsWith('/') || href.startsWith('#')) return { href, external: false };
  return { href: `${areaHref.replace(/\/+$/, '')}/${href}`, external: false };
}
