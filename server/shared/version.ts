/**
 * The release this server is: in the runtime configuration the client reads (server/ui) and in
 * the OpenAPI document of both apps, so the care API reads it here rather than from server/ui.
 */
export const APP_VERSION = '4.12.1';
export const RELEASE_DATE = '2025-07-09';
