/**
 * A date and time in a block's table: the day over the time, each kept whole. Blocks are often a
 * third of the screen wide; "27/11/2026 16:12" on one line took a column the others needed, and
 * broken anywhere it read "27/11/" (issue 18).
 */
import { useDates } from '../../lib/dates/use-dates.ts';

export function WhenCell({ value }: { value: string }) {
  const dates = useDates();
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
      <span>{dates.day(value, 'short')}</span>
      <span>{dates.time(value)}</span>
    </span>
  );
}
