/** A card in place of a block (unknown type, failure) or of a page that did not load: plain and visible. */
import type { ReactNode } from 'react';
import { BlockCard } from '../blocks/shared/block-card.tsx';

export function Notice({ title, tone, children, ...data }: { title: string; tone: 'warning' | 'negative'; children?: ReactNode } & Record<`data-${string}`, string>) {
  return <BlockCard title={title} tone={tone} {...data}>{children}</BlockCard>;
}
