/**
 * The default alert thresholds of an indicator: rows of level, operator, mode and value, added and
 * removed; a new row has nothing chosen. The server's messages for `body.boundaries.N.field` show
 * on that row's field.
 */
import { ActionIcon, Button, ColorSwatch, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InterventionLevel } from '../../../schemas/catalogue.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { BOUNDARY_MODES, BOUNDARY_OPERATORS } from '../../../schemas/telemonitoring.ts';
import { operatorSign } from '../../lib/i18n/quantity.ts';
import { swatchColour } from './level-swatch.tsx';
import { CATALOGUE } from './texts.ts';

/** A threshold as typed: empty until chosen, the value as text (sent as the number typed). */
export interface ThresholdDraft { key: string; levelId: string; operator: string; mode: string; value: string }
export const blankThreshold = (): ThresholdDraft => ({ key: crypto.randomUUID(), levelId: '', operator: '', mode: '', value: '' });

export function ThresholdsEditor({ rows, onChange, levels, errors }: {
  rows: ThresholdDraft[]; onChange(rows: ThresholdDraft[]): void; levels: InterventionLevel[]; errors: Record<string, string>;
}) {
  const { t, i18n } = useTranslation(CATALOGUE);
  const set = (index: number, patch: Partial<ThresholdDraft>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const levelData = levels.map((l) => ({ value: l.id, label: textIn(l.name, i18n.language) ?? l.name.fr }));
  const colourOf = (levelId: string) => levels.find((l) => l.id === levelId)?.colour;
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} data-testid="thresholds-editor">
      <Title order={3} size="h5" component="legend">{t('catalogue.indicators.thresholds.title')}</Title>
      <Text c="dimmed" size="sm">{t('catalogue.indicators.thresholds.help')}</Text>
      {rows.length === 0 && <Text size="sm">{t('catalogue.indicators.thresholds.empty')}</Text>}
      {rows.map((row, index) => {
        const error = (field: string) => errors[`body.boundaries.${index}.${field}`];
        const n = index + 1;
        const colour = colourOf(row.levelId);
        return (
          <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap" role="group" aria-label={t('catalogue.indicators.thresholds.row', { n })} data-threshold={index}>
            <Select label={t('catalogue.indicators.thresholds.level')} data={levelData} value={row.levelId || null} required w={150} error={error('levelId')}
              leftSection={colour ? <ColorSwatch color={swatchColour(colour)} size={14} /> : undefined}
              placeholder={t('catalogue.indicators.form.choose')} onChange={(v) => set(index, { levelId: v ?? '' })} />
            <Select label={t('catalogue.indicators.thresholds.operator')} required miw={150} style={{ flex: 1 }} error={error('operator')} value={row.operator || null}
              placeholder={t('catalogue.indicators.form.choose')}
              data={BOUNDARY_OPERATORS.map((o) => ({ value: o, label: `${operatorSign(o)}  ${t(`catalogue.indicators.thresholds.operators.${o}`)}` }))}
              onChange={(v) => set(index, { operator: v ?? '' })} />
            <Select label={t('catalogue.indicators.thresholds.mode')} required w={170} error={error('mode')} value={row.mode || null}
              placeholder={t('catalogue.indicators.form.choose')}
              data={BOUNDARY_MODES.map((m) => ({ value: m, label: t(`catalogue.indicators.thresholds.modes.${m}`) }))}
              onChange={(v) => set(index, { mode: v ?? '' })} />
            <TextInput label={t('catalogue.indicators.thresholds.value')} required w={90} inputMode="decimal" dir="ltr" error={error('value')} value={row.value}
              onChange={(e) => set(index, { value: e.currentTarget.value })} />
            <ActionIcon variant="subtle" color="gray" mt={28} aria-label={t('catalogue.indicators.thresholds.remove', { n })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}>×</ActionIcon>
          </Group>
        );
      })}
      <Group><Button variant="default" size="xs" onClick={() => onChange([...rows, blankThreshold()])}>{t('catalogue.indicators.thresholds.add')}</Button></Group>
    </Stack>
  );
}
