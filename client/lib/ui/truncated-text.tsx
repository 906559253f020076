/**
 * One line of text cut with an ellipsis at its end in reading order, whatever the page's
 * direction: `dir="auto"` gives the element the direction of its own text, so an Arabic name in
 * a French page is cut on the left and a Latin name in an Arabic page on the right (with the
 * page's direction, each would lose its beginning). It stays aligned on its container's start side,
 * like the lines around it (`text-align: match-parent` is not honoured by Chromium here). The full
 * text stays in `title`.
 */
import { Text, type TextProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import classes from './truncated-text.module.css';

type Props = TextProps & Omit<ComponentPropsWithoutRef<'p'>, keyof TextProps | 'dir' | 'title' | 'children'> & { children: string; component?: 'p' | 'span' };

export function TruncatedText({ children, className, ...props }: Props) {
  return <Text {...props} className={className ? `${classes.text} ${className}` : classes.text} truncate="end" dir="auto" title={children}>{children}</Text>;
}
