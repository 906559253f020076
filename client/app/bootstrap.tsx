/**
 * Start-up: the session check, the runtime config and the first screen's modules start
 * together; then language → i18n → render. The loading state is the first thing a user sees,
 * and no route exists until the session is known.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../lib/api/api-hooks.ts';
import { loadRuntimeConfig } from '../lib/config.ts';
import { changeLanguage, storeLanguage } from '../lib/i18n/change-language.ts';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from '../lib/i18n/detect-language.ts';
import { currentLanguage, i18n, initI18n, preloadTexts } from '../lib/i18n/i18n.ts';
import { notifyNativeApp } from '../lib/i18n/native-app.ts';
import { isLanguage } from '../lib/languages.ts';
import { redirectToLogin } from '../lib/session/branding-param.ts';
import { shareExpiryAcrossTabs } from '../lib/session/expiry-broadcast.ts';
import { markSessionExpired, sessionExpiresIn } from '../lib/session/expiry-store.ts';
import { isAnonymousPath } from '../lib/session/login-redirect.ts';
import { sessionStore, startSession } from '../lib/session/session-store.ts';
import { App } from './app.tsx';
import { preloadRoute, preloadRouteData } from './router/preload-route.ts';
import { quietConsole } from './quiet-console.ts';

function storedLanguage(): string | null {
  try { return localStorage.getItem(LANGUAGE_STORAGE_KEY); } catch { return null; }
}

export async function bootstrap(rootElement: HTMLElement) {
  const stored = storedLanguage();
  const browser = navigator.languages ?? [navigator.language];
  // The session check, the runtime config and the first screen's modules load in parallel.
  let serverLanguage: string | undefined;
  const early = detectLanguage({ stored, browser, configured: undefined });
  preloadTexts(early);
  configureApi({
    language: () => (i18n.isInitialized ? currentLanguage() : early),
    expiresIn: (seconds) => sessionExpiresIn(seconds),
    contentLanguage: (l) => {
      if (!i18n.isInitialized) serverLanguage = l;
      else if (isLanguage(l) && l !== currentLanguage()) void changeLanguage(l, { saveOnAccount: false });
    },
    unauthorized: () => { if (sessionStore.get().state === 'loggedIn') markSessionExpired(); },
  });
  shareExpiryAcrossTabs();
  // Not logged in: to the login page and back here, except on anonymous routes (spec 000 §4).
  sessionStore.subscribe(() => {
    if (sessionStore.get().state === 'notLoggedIn' && !isAnonymousPath(window.location.pathname)) redirectToLogin();
  });
  // Without a stored choice, the account's saved language wins: GET /me goes without `l`.
  // The first screen's data starts as soon as the session is known, not after the first render.
  const stopPreloading = sessionStore.subscribe(() => {
    const { state, data } = sessionStore.get();
    if (state !== 'loggedIn' || !data) return;
    stopPreloading();
    preloadRouteData(window.location.pathname, data);
  });
  startSession({ sendLanguage: stored !== null }).catch((error) => console.error(error));
  preloadRoute(window.location.pathname);

  const config = await loadRuntimeConfig();
  if (config.disableConsole) quietConsole();
  const language = isLanguage(serverLanguage) && stored === null
    ? serverLanguage
    : detectLanguage({ stored, browser, configured: config.defaultLanguage });
  await initI18n(language);
  if (language === serverLanguage) storeLanguage(language);
  notifyNativeApp(language);

  const app = <App />;
  createRoot(rootElement).render(config.strictMode ? <StrictMode>{app}</StrictMode> : app);
}
