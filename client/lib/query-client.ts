import { QueryClient } from '@tanstack/react-query';

/** One query cache for the whole client; session data are fetched into it at start. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (count, error) => count < 2 && !(error as { status?: number }).status },
  },
});
