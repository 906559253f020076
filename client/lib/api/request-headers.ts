/** The anti-forgery token the last response gave, and the browser's time zone (header names: schemas/http.ts). */
let csrfToken: string | undefined;

/** The session's anti-forgery token, as the last response gave it. */
export const rememberCsrfToken = (token: string | null) => { if (token) csrfToken = token; };
export const currentCsrfToken = () => csrfToken;

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
