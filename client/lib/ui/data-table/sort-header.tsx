/**
 * A column heading: a button when the column sorts (Enter or Space sorts, as a click does), and
 * `aria-sort` on the heading cell so a screen reader says the order. The arrow is decoration.
 */
import { Table, UnstyledButton } from '@mantine/core';
import { flexRender, type Header } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DATA_TABLE } from './texts.ts';
import classes from './data-table.module.css';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const ARROW = { asc: '▲', desc: '▼' } as const;

export function SortHeader<T>({ header, sortable }: { header: Header<T, unknown>; sortable: boolean }) {
  const { t } = useTranslation(DATA_TABLE);
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!sortable || !header.column.getCanSort()) return <Table.Th>{label}</Table.Th>;
  const sorted = header.column.getIsSorted();
  const next = sorted === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={header.column.getToggleSortingHandler()}
        title={t(`dataTable.sort.${next}`)}>
        {label}
        <span aria-hidden className={classes.arrow} data-active={sorted ? true : undefined}>{sorted ? ARROW[sorted] : '↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
