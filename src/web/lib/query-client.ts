import { QueryClient } from '@tanstack/react-query';

/** One QueryClient per browser tab (and per server render); server state is cached for 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
