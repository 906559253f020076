import type { Theme } from '../../../schemas/theme.ts';

/** Colours when no establishment is active and no brand applies: the gateway's default theme. */
export const DEFAULT_THEME: Theme = {
  light: { primary: '#1c6e8c', secondary: '#2a9d8f', accent: '#9c27b0', dark: '#1d1d1d', positive: '#21ba45', negative: '#c10015', info: '#31ccec', warning: '#f2c037' },
  dark: { primary: '#5fb3d1', secondary: '#56c1b4', accent: '#ce93d8', dark: '#121212', positive: '#4caf50', negative: '#ef5350', info: '#4fc3f7', warning: '#ffd54f' },
};

/** The back-office administrators' dark theme (spec 000 §1): one set, always dark. */
const ADMIN_SET = { primary: '#7c8cf8', secondary: '#f59e0b', accent: '#f472b6', dark: '#0f1220', positive: '#34d399', negative: '#f87171', info: '#38bdf8', warning: '#fbbf24' };
export const ADMIN_THEME: Theme = { light: ADMIN_SET, dark: ADMIN_SET };
