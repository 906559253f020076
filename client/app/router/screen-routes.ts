/** A route table (data) → react-router routes, each guarded by its loader and lazily loaded. */
import type { LoaderFunction, RouteObject } from 'react-router';
import { RouteError } from '../../features/errors/route-error.tsx';
import type { ScreenHandle } from '../../lib/ui/placeholder/screen-handle.ts';
import type { Screen } from '../routes/screen.ts';

const placeholder = () => import('../../lib/ui/placeholder/not-available-page.tsx');

export const screenTitleKey = (screen: Pick<Screen, 'id'>) => `screens.${screen.id}`;

export function screenHandle(screen: Screen, table: readonly Screen[], base: string): ScreenHandle {
  const back = screen.back ? table.find((s) => s.id === screen.back) : undefined;
  return {
    titleKey: screenTitleKey(screen),
    back: back && { titleKey: screenTitleKey(back), pattern: [base, back.path].filter(Boolean).join('/') },
  };
}

export function screenRoutes(table: readonly Screen[], base: string, guard: (screen: Screen) => LoaderFunction): RouteObject[] {
  return table.map((screen) => ({
    id: screen.id,
    ...(screen.path === '' ? { index: true as const } : { path: screen.path }),
    handle: screenHandle(screen, table, base),
    loader: guard(screen),
    lazy: screen.lazy ?? placeholder,
    ErrorBoundary: RouteError,
  }) as RouteObject);
}
