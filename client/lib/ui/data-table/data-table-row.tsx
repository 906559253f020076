/** One row of the table; when it opens something, a click or Enter (on the focused row) opens it. */
import { Table } from '@mantine/core';
import { flexRender, type Row } from '@tanstack/react-table';
import classes from './data-table.module.css';

export function DataTableRow<T>({ row, onOpen }: { row: Row<T>; onOpen?(row: T): void }) {
  const open = onOpen && (() => onOpen(row.original));
  return (
    <Table.Tr className={classes.row} data-openable={open ? true : undefined} tabIndex={open ? 0 : undefined}
      onClick={open} onKeyDown={open && ((event) => { if (event.key === 'Enter' && event.target === event.currentTarget) open(); })}>
      {row.getVisibleCells().map((cell) => <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>)}
    </Table.Tr>
  );
}
