/**
 * The back office's indicators visibility (`/s/:structureIndex/indicators-visibility`, issue 11 §1):
 * a checklist of the establishment's indicators, checked when patients see them; each change is
 * saved at once (PUT indicators_visibility with the whole checked set) and said when saved.
 */
import { Alert, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../schemas/localized-text.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useIndicatorsVisibility, useVisibilityChange } from './api/catalogue.ts';
import { CATALOGUE } from './texts.ts';

export function IndicatorsVisibilityPage() {
  const { structure } = useStructureArea();
  const { t, i18n } = useTranslation(CATALOGUE);
  usePageTitle(t('catalogue.visibility.title'));
  const list = useIndicatorsVisibility(structure.id);
  const change = useVisibilityChange(structure.id);
  // While a change is on its way, the boxes show what was asked (the answer then confirms it).
  const visible = new Set(change.isPending ? change.variables : (list.data ?? []).filter((i) => i.visibleToPatients).map((i) => i.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(visible);
    if (on) next.add(id); else next.delete(id);
    change.mutate([...next]);
  };
  return (
    <Stack gap="md" data-testid="indicators-visibility">
      <Title order={1} size="h2">{t('catalogue.visibility.title')}</Title>
      <Text c="dimmed" size="sm">{t('catalogue.visibility.help')}</Text>
      <QueryState query={list} loadingLabel={t('catalogue.common.loading')} empty={t('catalogue.visibility.empty')}>
        {(rows) => (
          <Stack gap="xs" role="group" aria-label={t('catalogue.visibility.title')}>
            {rows.map((indicator) => (
              <Checkbox key={indicator.id} checked={visible.has(indicator.id)} onChange={(e) => toggle(indicator.id, e.currentTarget.checked)}
                label={<Group gap="xs"><bdi>{textIn(indicator.name, i18n.language) ?? indicator.name.fr}</bdi><Text span c="dimmed" size="xs" dir="ltr">{indicator.reference}</Text></Group>} />
            ))}
          </Stack>
        )}
      </QueryState>
      <Text size="sm" c="dimmed" aria-live="polite" mih={20}>
        {change.isPending ? t('catalogue.visibility.saving') : change.isSuccess ? t('catalogue.visibility.saved') : ''}
      </Text>
      {change.isError && <Alert color="negative" variant="light" role="alert">{change.error.message}</Alert>}
    </Stack>
  );
}

export const Component = IndicatorsVisibilityPage;
