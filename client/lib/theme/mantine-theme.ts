/**
 * An establishment theme (light and dark sets of eight colours, spec 001 §3) as a Mantine
 * theme: each key becomes a virtual colour that takes the light set's shade in light mode and
 * the dark set's in dark mode. `primary` is Mantine's primary colour.
 */
import { createTheme, virtualColor, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { Theme } from '../../../schemas/theme.ts';
import { colorScale } from './color-scale.ts';
import pagination from './pagination.module.css';

export const THEME_KEYS = ['primary', 'secondary', 'accent', 'dark', 'positive', 'negative', 'info', 'warning'] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];

/** Mantine's own `dark` palette paints dark-mode surfaces; the establishment's `dark` is `brandDark`. */
export const mantineColorName = (key: ThemeKey): string => (key === 'dark' ? 'brandDark' : key);

export function establishmentColors(theme: Theme): Record<string, MantineColorsTuple> {
  const colors: Record<string, MantineColorsTuple> = {};
  for (const key of THEME_KEYS) {
    const name = mantineColorName(key);
    colors[`${name}Light`] = colorScale(theme.light[key]);
    colors[`${name}Dark`] = colorScale(theme.dark[key]);
    colors[name] = virtualColor({ name, light: `${name}Light`, dark: `${name}Dark` });
  }
  return colors;
}

/** The names of Mantine's icon-only buttons, in the interface's language. */
export interface IconButtonLabels {
  close: string;
  pages: Record<'first' | 'previous' | 'next' | 'last', string>;
}

/**
 * Every icon-only button Mantine draws gets a name (axe `button-name`): the close buttons of
 * notifications, dialogs, drawers and alerts, and the arrows of every pager. A screen may still
 * give a more precise one (closeButtonProps, getControlProps). A loader announces itself as a
 * status, which is also what lets it carry a label (`aria-label` on a span with no role is
 * prohibited ARIA). A scrolling table container takes the focus.
 */
function namedIconButtons(labels: IconButtonLabels): MantineThemeOverride['components'] {
  const closeButtonProps = { 'aria-label': labels.close };
  // Plain objects rather than Component.extend(): importing the components here put them all
  // in the first chunk (+90 KB), which most screens never draw.
  return {
    Notification: { defaultProps: { closeButtonProps } },
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Alert: { defaultProps: { closeButtonLabel: labels.close } },
    // Named controls, and chevrons mirrored right to left (pagination.module.css).
    Pagination: {
      classNames: { control: pagination.control },
      defaultProps: { getControlProps: (control: keyof IconButtonLabels['pages']) => ({ 'aria-label': labels.pages[control] }) },
    },
    Loader: { defaultProps: { role: 'status' } },
    // A table wider than the screen scrolls in its container: the keyboard must reach it too
    // (axe scrollable-region-focusable), even when the table holds nothing focusable.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  };
}

export function mantineTheme(theme: Theme, direction: 'ltr' | 'rtl', labels: IconButtonLabels): MantineThemeOverride {
  return createTheme({
    components: namedIconButtons(labels),
    colors: establishmentColors(theme),
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    // Filled components pick black or white text by the colour's luminance; 0.18 is where
    // both reach the 4.5:1 contrast of WCAG AA, whatever colour an establishment chose.
    autoContrast: true,
    luminanceThreshold: 0.18,
    defaultRadius: 'md',
    fontFamily: direction === 'rtl'
      ? 'system-ui, "Segoe UI", Tahoma, "DejaVu Sans", "Noto Sans Arabic", sans-serif'
      : 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  });
}

/**
 * Mantine's dimmed text is below 4.5:1 on white: one shade darker (lighter in dark mode). So are
 * its placeholders (gray 5, 2.1:1), which some inputs write as text ('All dates' of a date range):
 * the same shade as dimmed text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-placeholder': 'var(--mantine-color-dark-1)' },
});
