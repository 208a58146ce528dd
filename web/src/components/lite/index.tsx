import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './lite.css';

/**
 * Tiny stand-ins for the few antd widgets of the pages that render without antd (the h5 frame,
 * home and meeting pages, the sign-in frame, the route fallback): same look through the theme
 * variables. The widgets only the public pages use live beside this module (`empty.tsx`,
 * `tabs.tsx`), so the entry chunk, which holds this one for the route fallback, stays small.
 */

type ButtonProps = {
  children?: ReactNode;
  icon?: ReactNode;
  variant?: 'default' | 'primary' | 'text' | 'ghost' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  className?: string;
  onClick?: () => void;
  'aria-label'?: string;
  title?: string;
  'data-testid'?: string;
};

export function LiteButton({ children, icon, variant = 'default', size, block, className, ...rest }: ButtonProps) {
  const classes = ['lite-btn'];
  if (variant !== 'default') classes.push(`lite-btn-${variant}`);
  if (size === 'large') classes.push('lite-btn-lg');
  if (block) classes.push('lite-btn-block');
  if (className) classes.push(className);
  return (
    <button type="button" className={classes.join(' ')} {...rest}>
      {icon}
      {children === undefined ? null : <span>{children}</span>}
    </button>
  );
}

export function LiteSpin({ small = false }: { small?: boolean }) {
  return <span className={small ? 'lite-spin lite-spin-sm' : 'lite-spin'} role="status" aria-busy="true" />;
}

export function LiteSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="lite-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <span key={String(i)} />
      ))}
    </div>
  );
}

/** antd Tag's preset colours (light): text, background, border. */
const TAG: Record<string, [string, string, string]> = {
  success: ['#389e0d', '#f6ffed', '#b7eb8f'],
  warning: ['#d48806', '#fffbe6', '#ffe58f'],
  error: ['#cf1322', '#fff2f0', '#ffccc7'],
  processing: ['#0958d9', '#e6f4ff', '#91caff'],
  purple: ['#531dab', '#f9f0ff', '#d3adf7'],
  red: ['#cf1322', '#fff1f0', '#ffa39e'],
};
const TAG_DARK: Record<string, [string, string, string]> = {
  success: ['#49aa19', '#162312', '#274916'],
  warning: ['#d89614', '#2b2111', '#594214'],
  error: ['#dc4446', '#2c1618', '#5b2526'],
  processing: ['#1668dc', '#111a2c', '#15325b'],
  purple: ['#854eca', '#1a1325', '#301c4d'],
  red: ['#d32029', '#2a1215', '#58181c'],
};

/** A coloured tag: a preset colour of TAG, or the plain grey one for any other (`default`). */
export function LiteTag({
  color,
  children,
  dark,
  className,
  ...rest
}: {
  color: string;
  children: ReactNode;
  dark: boolean;
  className?: string;
  'data-testid'?: string;
}) {
  const look = (dark ? TAG_DARK : TAG)[color];
  const style = look
    ? ({ '--lite-tag-color': look[0], '--lite-tag-bg': look[1], '--lite-tag-border': look[2] } as CSSProperties)
    : undefined;
  return (
    <span className={className ? `lite-tag ${className}` : 'lite-tag'} style={style} {...rest}>
      {children}
    </span>
  );
}

export function LiteSegmented<T extends string>({
  value,
  onChange,
  options,
  className,
  style,
  size = 'large',
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: ReactNode }[];
  className?: string;
  style?: CSSProperties;
  /** `large`: the h5 home's sections; `middle`: antd's default size. */
  size?: 'middle' | 'large';
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const classes = ['lite-segmented'];
  if (size === 'middle') classes.push('lite-segmented-md');
  if (className) classes.push(className);
  return (
    <div role="radiogroup" aria-label={ariaLabel} className={classes.join(' ')} style={style} data-testid={testId}>
      {options.map((o) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control, as antd renders it
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export type LiteMenuItem = { key: string; label: ReactNode; icon?: ReactNode };

/** An icon button opening a small menu under it (antd Dropdown + Menu, selectable). */
export function LiteMenuButton({
  button,
  items,
  selected,
  onSelect,
}: {
  button: Omit<ButtonProps, 'onClick' | 'variant'>;
  items: LiteMenuItem[];
  selected: string;
  onSelect: (key: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <span className="lite-menu-anchor" ref={anchor}>
      <LiteButton {...button} variant="text" onClick={() => setOpen((o) => !o)} />
      {open ? (
        <div className="lite-menu" role="menu" id={id}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitemradio"
              aria-checked={item.key === selected}
              className="lite-menu-item"
              onClick={() => {
                setOpen(false);
                onSelect(item.key);
              }}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
