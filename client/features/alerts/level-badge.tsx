/**
 * An intervention level as a badge in its alert colour (spec 000 §1: blue, red, green, pink).
 * Dark shades with white text: each passes 4.5:1 in light and dark mode (Mantine's shade 6 of
 * pink and green does not with white).
 */
import { Badge } from '@mantine/core';
import type { AlertColour } from '../../../schemas/telemonitoring.ts';

export const LEVEL_COLOURS: Record<AlertColour, string> = { blue: 'blue.9', red: 'red.9', green: 'green.9', pink: 'pink.9' };

export function LevelBadge({ colour, children }: { colour: AlertColour | undefined; children: string }) {
  return (
    <Badge color={colour ? LEVEL_COLOURS[colour] : 'gray.7'} variant="filled" tt="none" data-colour={colour ?? 'none'}>
      {children}
    </Badge>
  );
}
