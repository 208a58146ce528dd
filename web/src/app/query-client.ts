import { QueryClient } from '@tanstack/react-query';

/** The one query cache of the app, provided by AntdFrame (the pages that use queries are built on antd). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already reports errors; retrying a rejected call would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
