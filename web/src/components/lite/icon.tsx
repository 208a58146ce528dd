import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type HTMLAttributes, type ReactElement } from 'react';
import './icon.css';

/** An SVG attribute of the icon set (`fill-rule`, `class`) as React names it (`fillRule`, `className`). */
function reactAttrs(attrs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs)) {
    out[key === 'class' ? 'className' : key.replace(/-(.)/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

function render(node: AbstractNode, key: number): ReactElement {
  return createElement(node.tag, { key, ...reactAttrs(node.attrs) }, node.children?.map(render));
}

export type LiteIconProps = { icon: IconDefinition } & Omit<HTMLAttributes<HTMLSpanElement>, 'children'>;

/**
 * An antd icon for the pages that render without antd (the phone pages, the public frame): the
 * same SVG from `@ant-design/icons-svg` and the same markup (`span.anticon.anticon-<name>` around
 * a 1em `svg` in the current colour), without the icon runtime of `@ant-design/icons` (about
 * 2.4 KB gzip on every phone page) and with half the bytes per icon. Outlined and filled icons
 * only (two-tone ones are functions of their colours).
 */
export function LiteIcon({ icon, className, ...rest }: LiteIconProps) {
  const svg = icon.icon as AbstractNode;
  return (
    <span
      role="img"
      aria-label={icon.name}
      {...rest}
      className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}
    >
      {createElement(
        'svg',
        {
          ...reactAttrs(svg.attrs),
          'data-icon': icon.name,
          width: '1em',
          height: '1em',
          fill: 'currentColor',
          'aria-hidden': 'true',
        },
        svg.children?.map(render),
      )}
    </span>
  );
}
