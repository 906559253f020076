/** An intervention level's alert colour (spec 000 §1) as a swatch, Mantine's shade 7 as the charts draw it, with its name unless hidden. */
import { ColorSwatch, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AlertColour } from '../../../schemas/telemonitoring.ts';
import { CATALOGUE } from './texts.ts';

export const swatchColour = (colour: string) => `var(--mantine-color-${colour}-7)`;

export function LevelSwatch({ colour, hideName = false, size = 16 }: { colour: AlertColour; hideName?: boolean; size?: number }) {
  const { t } = useTranslation(CATALOGUE);
  const name = t(`catalogue.levels.colours.${colour}`);
  if (hideName) return <ColorSwatch color={swatchColour(colour)} size={size} aria-label={name} role="img" />;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={swatchColour(colour)} size={size} aria-hidden />
      <span>{name}</span>
    </Group>
  );
}
