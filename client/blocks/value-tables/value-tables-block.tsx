/**
 * The summary's value table (issue 11 §7): the indicators of the block's props (references) from
 * its start date, else the file's own settings (indicators tab); rows are days in the reader's
 * time zone, every value of a day listed as stored.
 */
import { useQuery } from '@tanstack/react-query';
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import type { valueTablesProps } from '../../../schemas/blocks/domain.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { BlockCard } from '../shared/block-card.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { valueTableQueryOptions } from './queries.ts';
import { VALUE_TABLES } from './texts.ts';
import { ValueTableView } from './value-table-view.tsx';

export default function ValueTablesBlock({ props, context }: BlockComponentProps<FromSchema<typeof valueTablesProps>>) {
  const { t, i18n } = useTranslation(VALUE_TABLES);
  const fileId = context.preview ? undefined : context.patientFileId;
  const query = {
    ...(props.indicators && props.indicators.length > 0 ? { indicators: props.indicators.join(',') } : {}),
    ...(props.startDate ? { startDate: props.startDate } : {}),
  };
  const table = useQuery(valueTableQueryOptions(fileId, query));
  return (
    <BlockCard title={localize(props.title, i18n.language) || t('valueTables.title')}>
      {!fileId ? <EmptyState>{t('valueTables.preview')}</EmptyState>
        : (
          <QueryState query={table} empty={<EmptyState>{t('valueTables.noIndicator')}</EmptyState>} isEmpty={(data) => data.indicators.length === 0}>
            {(data) => <ValueTableView table={data} />}
          </QueryState>
        )}
    </BlockCard>
  );
}
