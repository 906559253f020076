import { describe, expect, it } from 'vitest';
import { colorScale, mix } from '../../../client/lib/theme/color-scale.ts';
import { establishmentColors, mantineColorName, mantineTheme, THEME_KEYS } from '../../../client/lib/theme/mantine-theme.ts';
import { DEFAULT_THEME } from '../../../client/lib/theme/default-themes.ts';

describe('establishment colours → Mantine', () => {
  it('the given colour is shade 6, lighter before, darker after', () => {
    const scale = colorScale('#0b5fa5');
    expect(scale).toHaveLength(10);
    expect(scale[6]).toBe('#0b5fa5');
    const lightness = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    for (let i = 1; i < 10; i++) expect(lightness(scale[i]!)).toBeLessThan(lightness(scale[i - 1]!));
  });

  it.each([
    ['#000000', 'white', 1, '#ffffff'], ['#ffffff', 'black', 1, '#000000'], ['#336699', 'white', 0, '#336699'], ['#000000', 'white', 0.5, '#808080'],
  ] as const)('mix(%s, %s, %s) = %s', (hex, target, amount, expected) => {
    expect(mix(hex, target, amount)).toBe(expected);
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => colorScale('blue')).toThrow(/#rrggbb/);
  });

  it('every key of the theme becomes a virtual colour with a light and a dark palette', () => {
    const colors = establishmentColors(DEFAULT_THEME);
    for (const key of THEME_KEYS) {
      const name = mantineColorName(key);
      expect(colors[`${name}Light`]![6]).toBe(DEFAULT_THEME.light[key]);
      expect(colors[`${name}Dark`]![6]).toBe(DEFAULT_THEME.dark[key]);
      expect(colors[name]).toBeDefined();
    }
    // Mantine's own `dark` palette (dark-mode surfaces) is left alone.
    expect(colors.dark).toBeUndefined();
  });
});

const LABELS = { close: 'Fermer', pages: { first: 'Première page', previous: 'Page précédente', next: 'Page suivante', last: 'Dernière page' } };

describe('every pager', () => {
  it('gets the class that mirrors its chevrons right to left, in both directions of the theme (pagination.module.css)', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const pagination = mantineTheme(DEFAULT_THEME, direction, LABELS).components?.Pagination as { classNames?: { control?: string } } | undefined;
      expect(pagination?.classNames?.control).toEqual(expect.any(String));
    }
  });
});
