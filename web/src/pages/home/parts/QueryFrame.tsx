import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { queryClient } from '../../../app/query-client';

/**
 * The app's query cache for a public page that may render outside AntdFrame (which provides it
 * to the antd pages): on a phone nothing provides it above the page. A cache already provided
 * above (the desktop frame's, or a test's own) is kept.
 */
export function QueryFrame({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
