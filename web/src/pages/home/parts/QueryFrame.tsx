import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { queryClient } from '../../../app/query-client';

/**
 * The app's query cache for the query-by-mobile form (its captcha switch is a TanStack query,
 * shared with the sign-in pages), which may render outside AntdFrame: on a phone nothing provides
 * it above the page. A cache already provided above (the desktop frame's, or a test's own) is
 * kept. The public pages' own reads do without it (api/public-reads.ts).
 */
export function QueryFrame({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
