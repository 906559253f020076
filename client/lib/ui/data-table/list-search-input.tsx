/**
 * The search box of a list: the field answers every keystroke, the address (and so the query)
 * follows after a short pause, and a search that replaces one still running aborts it (its
 * query key is gone: list-query.ts). Back/forward put the address's text back in the field.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { ListControls } from './use-list-state.ts';

/** Long enough to let a word be typed, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 250;

export function ListSearchInput<F extends string>({ list, filter, ...input }: { list: ListControls<string, F>; filter: F } & Omit<TextInputProps, 'value' | 'onChange' | 'list'>) {
  const inAddress = list.filters[filter][0] ?? '';
  const [text, setText] = useState(inAddress);
  const [settled] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled.trim() !== inAddress) list.setFilter(filter, settled.trim() ? [settled.trim()] : []);
    // Only a new settled text writes the address; the address changing (Back) must not write it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    if (inAddress !== text.trim()) setText(inAddress);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inAddress]);
  return <TextInput type="search" {...input} value={text} onChange={(event) => setText(event.currentTarget.value)} />;
}
