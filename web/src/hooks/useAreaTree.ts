import type { AreaCodeVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { codeQueries } from '../api/codes';
import { useBilingual } from './language';

export interface AreaNode {
  value: number;
  title: string;
  key: number;
  code: string;
  children: AreaNode[];
}

/** The area code tree as TreeSelect data, `code name` in the interface language. */
export function useAreaTree(enabled = true) {
  const pick = useBilingual();
  const query = useQuery({ ...codeQueries.tree(), staleTime: 60_000, enabled });
  const toNodes = (list: readonly AreaCodeVO[]): AreaNode[] =>
    list.map((c) => ({
      value: c.id,
      key: c.id,
      code: c.code,
      title: `${c.code} ${pick(c.name, c.nameEn)}`,
      children: toNodes(c.children ?? []),
    }));
  return { ...query, tree: toNodes(query.data ?? []) };
}
