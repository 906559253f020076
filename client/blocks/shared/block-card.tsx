/**
 * The frame every block draws in: fills its grid cell, optional title, scrolls when content
 * overflows. Plain elements and a CSS module keep the first screens' scripts small.
 */
import type { ReactNode } from 'react';
import classes from './block-card.module.css';

export function BlockCard({ title, children, tone, ...data }: { title?: string; children?: ReactNode; tone?: 'warning' | 'negative' } & Record<`data-${string}`, string>) {
  return (
    <div className={classes.card} data-tone={tone} role={tone ? 'alert' : undefined} {...data}>
      {title && <h2 className={classes.title}>{title}</h2>}
      <div className={classes.body}>{children}</div>
    </div>
  );
}
