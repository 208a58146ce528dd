import type { ComponentType } from 'react';
import * as MENU_ICONS from './menu-icons';

/** Menu icons the server may name (`meta.icon`, menu-icons.ts); an unknown name shows no icon. */
const ICONS: Record<string, ComponentType> = MENU_ICONS;

/** The curated icon names, in order: what the icon picker offers (`components/crud/IconPicker`). */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

export function hasIcon(name: string | null | undefined): boolean {
  return Boolean(name && ICONS[name]);
}
