import { brandingOf } from '../branding.ts';
import { runtimeConfigIfLoaded } from '../config.ts';
import { loginUrl, logoutUrl } from './login-redirect.ts';

/** The branding parameter for the login and logout pages of this page's address. */
export const currentBranding = () => brandingOf(runtimeConfigIfLoaded()?.theme.slug, window.location.hostname);

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

export const redirectToLogin = (targetUrl = here()) => window.location.assign(loginUrl(targetUrl, currentBranding()));
export const redirectToLogout = (targetUrl = '/') => window.location.assign(logoutUrl(targetUrl, currentBranding()));
