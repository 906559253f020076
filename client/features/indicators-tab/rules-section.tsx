/**
 * The file's non-compliance rules (slice D's routes): each with its indicators, its days without a
 * value, the level of its alerts (the establishment's least urgent unless one is chosen), its
 * state and the protocol that brought it; add one, deactivate, exclude, restore.
 */
import { Badge, Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomizableIndicator } from '../../../schemas/customizable-indicators.ts';
import { nameOf } from '../../blocks/value-tables/format.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useInterventionLevels } from '../../lib/api/catalogue.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { useNonComplianceRules, useTabChange } from './api/indicators-tab.ts';
import { INDICATORS_TAB } from './texts.ts';

const K = 'indicatorsTab';

export function RulesSection({ fileId, establishmentId, readOnly, indicators }: { fileId: string; establishmentId: string; readOnly: boolean; indicators: CustomizableIndicator[] }) {
  const { t } = useTranslation(INDICATORS_TAB);
  const { language } = useDates();
  const rules = useNonComplianceRules(fileId);
  const change = useTabChange(fileId);
  const [ids, setIds] = useState<string[]>([]);
  const [period, setPeriod] = useState('');
  const [levelId, setLevelId] = useState<string | null>(null);
  const levels = useInterventionLevels(establishmentId);
  const server = messagesByField(change.variables?.action === 'createRule' ? change.error : null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="indicators-rules-title">
      <Title order={3} size="h4" id="indicators-rules-title">{t(`${K}.rules.title`)}</Title>
      <QueryState query={rules} loadingLabel={t(`${K}.loading`)} empty={t(`${K}.rules.empty`)}>
        {(rows) => rows.map((rule) => {
          const state = !rule.active ? 'inactive' : rule.excludedAt ? 'excluded' : 'active';
          return (
            <Paper key={rule.id} withBorder p="xs" data-rule={rule.id}>
              <Group justify="space-between">
                <Group gap="xs">
                  <Text size="sm">{t(`${K}.rules.summary`, { indicators: rule.indicators.map((i) => nameOf(i.name, language)).join(', '), count: rule.periodInDays })}</Text>
                  <Badge size="sm" variant="default" tt="none">
                    {rule.level ? t(`${K}.rules.levelOf`, { level: nameOf(rule.level.name, language) }) : t(`${K}.rules.leastUrgent`)}
                  </Badge>
                  <Badge size="sm" variant="dot" color={state === 'active' ? 'positive' : 'gray'} tt="none">{t(`${K}.rules.state.${state}`)}</Badge>
                  {rule.protocol && <Badge size="sm" variant="outline" tt="none">{t(`${K}.rules.fromProtocol`, { name: nameOf(rule.protocol.name, language) })}</Badge>}
                </Group>
                {!readOnly && rule.active && (
                  <Group gap={4}>
                    <Button size="compact-xs" variant="default" onClick={() => change.mutate({ action: rule.excludedAt ? 'restoreRule' : 'excludeRule', ruleId: rule.id })}>
                      {t(rule.excludedAt ? `${K}.rules.restore` : `${K}.rules.exclude`)}
                    </Button>
                    <Button size="compact-xs" variant="default" color="negative" onClick={() => change.mutate({ action: 'deactivateRule', ruleId: rule.id })}>{t(`${K}.rules.deactivate`)}</Button>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </QueryState>
      {!readOnly && (
        <form noValidate aria-label={t(`${K}.rules.add`)} onSubmit={(e) => {
          e.preventDefault();
          // Sent as typed: the server says on its field why a period is refused (never clamped here).
          change.mutate({ action: 'createRule', body: { indicators: ids, periodInDays: period.trim() === '' ? Number.NaN : Number(period), levelId } }, {
            onSuccess: () => { setIds([]); setPeriod(''); setLevelId(null); },
          });
        }}>
          <Group align="flex-end" wrap="wrap">
            <MultiSelect
              style={{ flex: 1, minWidth: 240 }} label={t(`${K}.rules.indicators`)} required value={ids} onChange={setIds} searchable
              data={indicators.map((i) => ({ value: i.id, label: nameOf(i.name, language) }))}
              error={server['body.indicators'] ?? Object.entries(server).find(([f]) => f.startsWith('body.indicators.'))?.[1]}
            />
            <TextInput
              label={t(`${K}.rules.periodInDays`)} description={t(`${K}.rules.periodHint`)} required w={180} dir="ltr" inputMode="numeric"
              value={period} onChange={(e) => setPeriod(e.currentTarget.value)} error={server['body.periodInDays']}
            />
            <Select
              label={t(`${K}.rules.level`)} placeholder={t(`${K}.rules.leastUrgent`)} clearable w={220} value={levelId} onChange={setLevelId}
              data={(levels.data ?? []).map((l) => ({ value: l.id, label: nameOf(l.name, language) }))} error={server['body.levelId']}
            />
            <Button type="submit" loading={change.isPending && change.variables?.action === 'createRule'}>{t(`${K}.rules.save`)}</Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
