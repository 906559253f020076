/**
 * Mantine with the theme in force (spec 000 §1): the active establishment's colours, else the
 * brand's establishment when the user has it among their structures, else the default; the
 * administrators' dark theme for back-office sessions; the display mode the user chose.
 */
import { DirectionProvider, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfigIfLoaded } from '../../lib/config.ts';
import { directionOf, isLanguage } from '../../lib/languages.ts';
import { activeEstablishmentId } from '../../lib/session/active-context.ts';
import { themeQueryOptions } from '../../lib/session/api/get-theme.ts';
import { useActiveContext, useSession } from '../../lib/session/use-session.ts';
import { ADMIN_THEME, DEFAULT_THEME } from '../../lib/theme/default-themes.ts';
import { cssVariablesResolver, mantineTheme } from '../../lib/theme/mantine-theme.ts';
import { DirectionSync } from './direction-sync.tsx';

export const DISPLAY_MODE_STORAGE_KEY = 'display-mode';
const colorSchemeManager = localStorageColorSchemeManager({ key: DISPLAY_MODE_STORAGE_KEY });

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const direction = directionOf(isLanguage(i18n.language) ? i18n.language : 'fr');
  const { data } = useSession();
  const context = useActiveContext();
  const admin = data?.kind === 'admin';
  const slug = runtimeConfigIfLoaded()?.theme.slug;
  const establishmentId = activeEstablishmentId(context) ?? data?.structures.find((s) => slug && s.brand === slug)?.id;
  const { data: colours } = useQuery({ ...themeQueryOptions(admin ? undefined : establishmentId), placeholderData: keepPreviousData });
  const chosen = admin ? ADMIN_THEME : establishmentId && colours ? colours : DEFAULT_THEME;
  const theme = useMemo(() => mantineTheme(chosen, direction, {
    close: t('common.close'),
    pages: { first: t('common.pages.first'), previous: t('common.pages.previous'), next: t('common.pages.next'), last: t('common.pages.last') },
  }), [chosen, direction, t]);
  return (
    <DirectionProvider initialDirection={direction} detectDirection={false}>
      <DirectionSync direction={direction} />
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto" forceColorScheme={admin ? 'dark' : undefined}>
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
