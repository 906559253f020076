/**
 * A domain block whose data has no endpoint yet (alerts, documents, measures...): its title and
 * that the feature is not available yet, rather than invented figures.
 */
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../../schemas/localized-text.ts';
import { BlockCard } from './block-card.tsx';
import { EmptyState } from './empty-state.tsx';
import { localize } from './layout-text.ts';

export function FeatureNotAvailable({ nameKey, title }: { nameKey: string; title?: LocalizedText }) {
  const { t, i18n } = useTranslation();
  return (
    <BlockCard title={localize(title, i18n.language) || t(nameKey)}>
      <EmptyState>{t('blocks.notAvailableYet')}</EmptyState>
    </BlockCard>
  );
}
