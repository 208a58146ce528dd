import type { AreaCodeVO } from '@baton/contracts';

export interface AreaTreeNode {
  value: number;
  key: number;
  title: string;
  disabled?: boolean;
  children: AreaTreeNode[];
}

/** The code tree as TreeSelect data; `exclude` (a node being edited) and its subtree are disabled. */
export function toAreaTree(
  nodes: readonly AreaCodeVO[],
  label: (zh: string, en: string) => string,
  exclude?: number,
  inside = false,
): AreaTreeNode[] {
  return nodes.map((n) => {
    const off = inside || n.id === exclude;
    return {
      value: n.id,
      key: n.id,
      title: `${label(n.name, n.nameEn)} (${n.code})`,
      disabled: off || undefined,
      children: toAreaTree(n.children ?? [], label, exclude, off),
    };
  });
}
