import type { PublicHomeVO } from '@baton/contracts';
import { useEffect, useState } from 'react';
import { publicApi } from '../../api/public';

/** As long as the other public pages keep the same lists (parts/hooks.ts `usePublicHome`). */
const FRESH_MS = 60_000;

let kept: { at: number; data: PublicHomeVO } | null = null;
let pending: Promise<PublicHomeVO> | null = null;

function fetchHome(): Promise<PublicHomeVO> {
  pending ??= publicApi
    .home()
    .then((data) => {
      kept = { at: Date.now(), data };
      return data;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The home lists for the phone home page and the query page's meeting pickers, without TanStack
 * Query (which comes with the antd pages, see AntdFrame): fetched once, kept a minute, shared
 * by every mount.
 */
export function useHomeLists(): { data: PublicHomeVO | undefined; isLoading: boolean } {
  const fresh = kept && Date.now() - kept.at < FRESH_MS ? kept.data : undefined;
  const [data, setData] = useState<PublicHomeVO | undefined>(fresh ?? kept?.data);
  const [isLoading, setLoading] = useState(!fresh && !kept);
  useEffect(() => {
    if (fresh) return;
    let live = true;
    fetchHome()
      .then((d) => {
        if (live) setData(d);
      })
      .catch(() => undefined) // the request layer has told the visitor
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [fresh]);
  return { data, isLoading };
}
