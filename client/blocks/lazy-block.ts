/**
 * A block type's component, loaded when first drawn — or sooner: `preload` starts the same import
 * as soon as a layout is known to contain the type, before the grid renders (the patient home on a
 * mobile network waited for its blocks' chunks after the first render, issue 18). The module
 * system keeps one copy: the preload and the lazy component share it.
 */
import { lazy, type ComponentType } from 'react';
import type { BlockComponentProps } from './types.ts';

type Load = () => Promise<{ default: ComponentType<BlockComponentProps<never>> }>;

export function lazyBlock(load: Load) {
  return {
    component: lazy(load),
    // A failure here is not reported: the lazy component imports again and its boundary shows the error.
    preload: () => { load().catch(() => {}); },
  };
}
