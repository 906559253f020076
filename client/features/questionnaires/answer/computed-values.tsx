/** Computed values (a weight gain, a score), evaluated as the patient types with the server's own evaluator. */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { computeAll } from '../../../../schemas/computed.ts';
import type { Translate } from '../../../lib/json-schema-form/cfworker-validator.ts';
import { formatNumber, upTo } from '../../../lib/i18n/use-number.ts';
import type { LocalizedForm } from '../definition/localize.ts';

export function ComputedValues({ form, answers, t, stored }: { form: LocalizedForm; answers: Record<string, unknown>; t: Translate; stored?: Record<string, unknown> | null }) {
  if (!form.computed.length) return null;
  const values = stored ?? computeAll(form.computed, answers);
  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite" data-testid="computed-values">
      <Text fw={600} size="sm" mb={4}>{t(stored ? 'questionnaires.computed.stored' : 'questionnaires.computed.title')}</Text>
      <Stack gap={2}>
        {form.computed.map((c) => {
          const value = values[c.name];
          const text = typeof value === 'number'
            ? `${formatNumber(form.language, value, upTo(c.decimals ?? 1))}${c.unit ? `\u00a0${c.unit}` : ''}`
            : t('questionnaires.computed.empty');
          return (
            <Group key={c.name} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{c.title}</Text>
              <Text size="sm" fw={600} data-computed={c.name}>{text}</Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
