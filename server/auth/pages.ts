/**
 * The login and logout pages: plain HTML served by the gateway, styled by the brand's theme,
 * in the request's language (right to left in Arabic). Their scripts are files of their own so
 * that the Content-Security-Policy needs no inline script.
 */
import type { TFunction } from 'i18next';
import { LANGUAGES } from '../../schemas/common.ts';
import type { Theme } from '../../schemas/theme.ts';
import type { Language } from '../i18n/index.ts';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface PageFrame { t: TFunction; language: Language; title: string; theme: Theme; logoUrl: string; brandName?: string }

function frame(p: PageFrame, head: string, body: string): string {
  const c = p.theme.light;
  return `<!doctype html>
<html lang="${p.language}" dir="${p.language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(p.title)}</title>
<link rel="icon" href="/favicon.ico" sizes="any">
${head}
<link rel="stylesheet" href="/auth/assets/auth.css">
<style>:root{--primary:${c.primary};--secondary:${c.secondary};--negative:${c.negative};--dark:${c.dark}}</style>
</head>
<body>
<main class="card">
<img class="logo" src="${escape(p.logoUrl)}" alt="${escape(p.brandName ?? '')}">
${body}
</main>
</body>
</html>`;
}

/**
 * A field's own messages, in the page's language, for the script to show beside it before
 * anything is sent (the browser's constraint validation says which one applies).
 */
function fieldMessages(t: TFunction, label: string): string {
  return `data-value-missing="${escape(t('errors.input_required', { label: t(label) }))}"`;
}

export function loginPage(p: PageFrame & { token: string; targetUrl: string; branding?: string; email?: string; prefetch?: readonly string[] }): string {
  const { t } = p;
  const languages = LANGUAGES.map((l) => {
    const query = new URLSearchParams({ l, targetUrl: p.targetUrl, ...(p.branding ? { branding: p.branding } : {}) });
    return `<a href="/auth/login?${escape(query.toString())}" lang="${l}"${l === p.language ? ' aria-current="true"' : ''}>${escape(t(`languages.${l}`))}</a>`;
  }).join(' ');
  // crossorigin: the application loads its modules and styles in CORS mode, and a prefetch is used only by a request of the same mode.
  const prefetch = (p.prefetch ?? []).map((href) => `<link rel="prefetch" href="${escape(href)}" crossorigin>`).join('\n');
  return frame(p, `<meta name="csrf-token" content="${escape(p.token)}">
<script type="module" src="/auth/assets/login.js"></script>
${prefetch}`, `
<h1>${escape(t('login.heading'))}</h1>
<form id="login" method="post" action="/auth/login" novalidate
  data-submitting="${escape(t('login.submitting'))}" data-network-error="${escape(t('login.networkError'))}">
  <input type="hidden" name="targetUrl" value="${escape(p.targetUrl)}">
  <input type="hidden" name="branding" value="${escape(p.branding ?? '')}">
  <label for="email">${escape(t('login.email'))}</label>
  <input id="email" name="email" type="email" dir="ltr" autocomplete="username" required maxlength="180" value="${escape(p.email ?? '')}" autofocus
    aria-describedby="email-error" ${fieldMessages(t, 'login.email')} data-type-mismatch="${escape(t('errors.input_invalid_email', { label: t('login.email') }))}">
  <p id="email-error" class="field-error" hidden></p>
  <label for="password">${escape(t('login.password'))}</label>
  <input id="password" name="password" type="password" dir="ltr" autocomplete="current-password" required maxlength="1024"
    aria-describedby="password-error" ${fieldMessages(t, 'login.password')}>
  <p id="password-error" class="field-error" hidden></p>
  <p id="error" class="error" role="alert" hidden></p>
  <button type="submit">${escape(t('login.submit'))}</button>
</form>
<noscript><p class="error">${escape(t('login.javascriptRequired'))}</p></noscript>
<nav class="languages" aria-label="${escape(t('login.language'))}">${languages}</nav>`);
}

export function logoutPage(p: PageFrame & { token: string; targetUrl: string }): string {
  const { t } = p;
  return frame(p, `<meta name="csrf-token" content="${escape(p.token)}">
<meta name="target-url" content="${escape(p.targetUrl)}">
<script type="module" src="/auth/assets/logout.js"></script>`, `
<h1>${escape(t('logout.inProgress'))}</h1>
<p><a id="continue" href="${escape(p.targetUrl)}">${escape(t('logout.continue'))}</a></p>`);
}

/**
 * The first-login step (first-login.ts): the account's e-mail (for password managers, read
 * only), the new password and its confirmation. No anti-forgery token of its own: the login
 * page's one (bound to the same pre-login cookie) is reused, as is its script.
 */
export function firstLoginPage(p: PageFrame & { token: string; targetUrl: string; branding?: string; email: string; minLength: number }): string {
  const { t } = p;
  const tooShort = (label: string) => `data-too-short="${escape(t('errors.password_too_short', { label: t(label), min: p.minLength }))}"`;
  return frame(p, `<meta name="csrf-token" content="${escape(p.token)}">
<script type="module" src="/auth/assets/login.js"></script>`, `
<h1>${escape(t('firstLogin.heading'))}</h1>
<p class="intro">${escape(t('firstLogin.intro'))}</p>
<form id="login" method="post" action="/auth/first-login" novalidate
  data-submitting="${escape(t('firstLogin.submitting'))}" data-network-error="${escape(t('login.networkError'))}">
  <input type="hidden" name="targetUrl" value="${escape(p.targetUrl)}">
  <input type="hidden" name="branding" value="${escape(p.branding ?? '')}">
  <label for="account">${escape(t('firstLogin.account'))}</label>
  <input id="account" type="email" dir="ltr" autocomplete="username" value="${escape(p.email)}" readonly>
  <label for="newPassword">${escape(t('firstLogin.newPassword'))}</label>
  <input id="newPassword" name="newPassword" type="password" dir="ltr" autocomplete="new-password" required minlength="${p.minLength}" maxlength="1024" autofocus
    aria-describedby="newPassword-hint newPassword-error" ${fieldMessages(t, 'firstLogin.newPassword')} ${tooShort('firstLogin.newPassword')}>
  <p id="newPassword-hint" class="hint">${escape(t('firstLogin.hint', { min: p.minLength }))}</p>
  <p id="newPassword-error" class="field-error" hidden></p>
  <label for="confirmation">${escape(t('firstLogin.confirmation'))}</label>
  <input id="confirmation" name="confirmation" type="password" dir="ltr" autocomplete="new-password" required maxlength="1024"
    aria-describedby="confirmation-error" ${fieldMessages(t, 'firstLogin.confirmation')}>
  <p id="confirmation-error" class="field-error" hidden></p>
  <p id="error" class="error" role="alert" hidden></p>
  <button type="submit">${escape(t('firstLogin.submit'))}</button>
</form>
<noscript><p class="error">${escape(t('login.javascriptRequired'))}</p></noscript>
<p class="back"><a href="/auth/login?${escape(new URLSearchParams({ l: p.language, targetUrl: p.targetUrl, ...(p.branding ? { branding: p.branding } : {}) }).toString())}">${escape(t('firstLogin.backToLogin'))}</a></p>`);
}
