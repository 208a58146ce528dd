import type { OptionVO, TreeOptionVO } from '@baton/contracts';

export interface TreeNodeData {
  value: number;
  title: string;
  key: number;
  children: TreeNodeData[];
}

/** Server tree options as antd Tree / TreeSelect data, labelled in the interface language. */
export function toTreeData(nodes: readonly TreeOptionVO[], en: boolean): TreeNodeData[] {
  return nodes.map((n) => ({
    value: n.value,
    key: n.value,
    title: (en ? n.labelEn || n.label : n.label || n.labelEn) ?? '',
    children: toTreeData(n.children ?? [], en),
  }));
}

/** Server options as antd Select options, labelled in the interface language. */
export function toOptions(list: readonly OptionVO[], en: boolean) {
  return list.map((o) => ({ value: o.value, label: en ? o.labelEn || o.label : o.label || o.labelEn }));
}

/** Empty text as null, for nullable body fields. */
export const orNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** A tree under one root of value 0 (a parent picker's "top level"). */
export function underRoot(title: string, children: TreeNodeData[]): TreeNodeData[] {
  return [{ value: 0, key: 0, title, children }];
}
