/**
 * Renders a screen of the structure area (/s/:structureIndex/…) for a component test: Mantine, a
 * fresh TanStack Query client without retries, the real i18n (Suspense while a namespace loads)
 * and a memory router whose structure-area route already holds `structure` (hydrated: happy-dom's
 * Request refuses the router's AbortSignal, so the loader is not run).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Establishment } from '../../schemas/establishments.ts';
import { AREA_ROUTE_IDS } from '../../client/lib/areas.ts';

/** `path` is the screen's path under the structure (`indicators`); `address` where the router starts (default `/s/0/<path>`). */
export function renderStructureScreen(page: ReactNode, { structure, path, address = `/s/0/${path}` }: { structure: Establishment; path: string; address?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const area = { index: 0, structure };
  const router = createMemoryRouter([{ id: AREA_ROUTE_IDS.structure, path: '/s/:structureIndex', loader: () => area, children: [{ path, element: page }] }], {
    initialEntries: [address], hydrationData: { loaderData: { [AREA_ROUTE_IDS.structure]: area } },
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
