/**
 * Mantine wants ten shades per colour; an establishment gives one. The given colour becomes
 * shade 6 (the one filled components use), lighter shades mix it with white, darker with black.
 */
import type { MantineColorsTuple } from '@mantine/core';

const LIGHTER = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16];
const DARKER = [0.14, 0.28, 0.42];

function parse(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

export function mix(hex: string, target: 'white' | 'black', amount: number): string {
  const to = target === 'white' ? 255 : 0;
  return toHex(parse(hex).map((c) => c + (to - c) * amount));
}

export function colorScale(hex: string): MantineColorsTuple {
  const base = toHex(parse(hex));
  return [...LIGHTER.map((a) => mix(base, 'white', a)), base, ...DARKER.map((a) => mix(base, 'black', a))] as unknown as MantineColorsTuple;
}
