/**
 * An establishment's theme: an admin's edit saved on the establishment, else the provisioned
 * theme.json of the establishment, of its brand, then of layouts/default. Shared by the gateway
 * (branding) and the care API (GET /establishments/:id/theme), which runs alone in split mode.
 */
import type { Theme } from '../../schemas/theme.ts';

/** Where provisioned themes come from (server/shared/provisioned-files.ts in both apps). */
export interface ThemeSource { theme(scope: string): Theme | undefined }

/** Used only if layouts/default/theme.json is missing or invalid at start. */
export const BUILT_IN_THEME: Theme = {
  light: { primary: '#1c6e8c', secondary: '#2a9d8f', accent: '#9c27b0', dark: '#1d1d1d', positive: '#21ba45', negative: '#c10015', info: '#31ccec', warning: '#f2c037' },
  dark: { primary: '#5fb3d1', secondary: '#56c1b4', accent: '#ce93d8', dark: '#121212', positive: '#4caf50', negative: '#ef5350', info: '#4fc3f7', warning: '#ffd54f' },
};

export interface ThemedEstablishment { theme: unknown; identifier?: string; brand?: string | null }

export function resolveTheme(files: ThemeSource, establishment: ThemedEstablishment | undefined): Theme {
  if (establishment?.theme) return establishment.theme as Theme;
  for (const scope of [establishment?.identifier, establishment?.brand, 'default']) {
    const theme = scope ? files.theme(scope) : undefined;
    if (theme) return theme;
  }
  return BUILT_IN_THEME;
}
