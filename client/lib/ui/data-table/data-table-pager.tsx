/** Under the table: how many results, the page size, and the pages (Mantine Pagination). */
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';
import { DATA_TABLE } from './texts.ts';
import { PAGE_SIZES } from '../../../../schemas/common.ts';
import type { ListControls } from './use-list-state.ts';

interface Props {
  list: ListControls<string, string>;
  /** Undefined before the first answer: the count is not shown rather than shown as 0. */
  totalItems: number | undefined;
  /** The list stopped counting at totalItems: "more than". */
  totalCapped?: boolean;
  pageCount: number;
  pageSizes?: readonly number[];
}

export function DataTablePager({ list, totalItems, totalCapped, pageCount, pageSizes = PAGE_SIZES }: Props) {
  const { t } = useTranslation(DATA_TABLE);
  const sizeId = useId();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="data-table-total">
        {totalItems === undefined ? '' : t(totalCapped ? 'dataTable.totalMore' : 'dataTable.total', { count: totalItems })}
      </Text>
      <Group gap="sm" wrap="wrap">
        {pageSizes.length > 1 && (
          <Group gap={8} wrap="nowrap">
            <Text component="label" htmlFor={sizeId} size="sm">{t('dataTable.pageSize')}</Text>
            <Select id={sizeId} size="xs" w={76} allowDeselect={false} withCheckIcon={false} data={pageSizes.map(String)}
              value={String(list.pageSize)} onChange={(value) => value && list.setPageSize(Number(value))} />
          </Group>
        )}
        {pageCount > 1 && (
          <Pagination size="sm" classNames={{ control: classes.pageControl }} total={pageCount} value={Math.min(list.page, pageCount)} onChange={list.setPage}
            getItemProps={(page) => ({ 'aria-label': t('dataTable.pages.page', { page }), 'aria-current': page === list.page ? 'page' : undefined })} />
        )}
      </Group>
    </Group>
  );
}
