/**
 * What an e-mail or a push says, in the recipient's language: the type's subject and one
 * sentence, and a link to log in. Never a name nor a clinical value (issue 20 §5): whoever reads
 * the recipient's mailbox or lock screen learns only that something awaits them.
 */
import { translator, isLanguage, type Language } from '../i18n/index.ts';
import type { NotificationType } from '../../schemas/notifications.ts';

export interface Message { subject: string; sentence: string; text: string; html: string; link: string }

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function messageFor(type: NotificationType, language: string, publicUrl: URL): Message {
  const lang: Language = isLanguage(language) ? language : 'fr';
  const t = translator(lang);
  const link = new URL('/auth/login', publicUrl).href;
  const subject = t(`notifications.types.${type}.subject`);
  const sentence = t(`notifications.types.${type}.text`);
  const lines = [t('notifications.greeting'), '', sentence, '', t('notifications.link', { url: link }), '', t('notifications.footer')];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body><p>${escape(t('notifications.greeting'))}</p><p>${escape(sentence)}</p>`
    + `<p><a href="${escape(link)}">${escape(t('notifications.link', { url: link }))}</a></p><p><small>${escape(t('notifications.footer'))}</small></p></body></html>`;
  return { subject, sentence, text: lines.join('\n'), html, link };
}
