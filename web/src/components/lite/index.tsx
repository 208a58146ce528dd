import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './lite.css';

/**
 * Tiny stand-ins for the few antd widgets of the pages that render without antd (the h5 frame,
 * home and meeting pages, the sign-in frame, the route fallback): same look through the theme
 * variables. The widgets only the meeting pages use live beside this module (`empty.tsx`,
 * `tabs.tsx`), so the entry chunk, which holds this one for the route fallback, stays small.
 */

type ButtonProps = {
  children?: ReactNode;
  icon?: ReactNode;
  variant?: 'default' | 'primary' | 'text' | 'ghost' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  className?: string;
  /** `submit`: the button of a form (default `button`). */
  type?: 'button' | 'submit';
  /** A spinner in the icon's place; clicks do nothing meanwhile. */
  loading?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  'aria-label'?: string;
  title?: string;
  'data-testid'?: string;
};

export function LiteButton({
  children,
  icon,
  variant = 'default',
  size,
  block,
  className,
  type = 'button',
  loading = false,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['lite-btn'];
  if (variant !== 'default') classes.push(`lite-btn-${variant}`);
  if (size === 'large') classes.push('lite-btn-lg');
  if (block) classes.push('lite-btn-block');
  if (loading) classes.push('lite-btn-loading');
  if (className) classes.push(className);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
      {...rest}
    >
      {loading ? <LiteSpin small /> : icon}
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

/**
 * antd's "simple" empty picture and a line of text (an empty list), with an optional action under
 * it; `picture` puts another picture in its place (`empty.tsx`: the larger one of an empty page).
 */
export function LiteEmpty({
  description,
  picture,
  className,
  children,
  'data-testid': testId,
}: {
  description: ReactNode;
  picture?: ReactNode;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={className ? `lite-empty ${className}` : 'lite-empty'} data-testid={testId}>
      {picture ?? (
        <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true">
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="var(--baton-fill)" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="var(--baton-border)">
              <path d="M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
              <path
                d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
                fill="var(--baton-fill)"
              />
            </g>
          </g>
        </svg>
      )}
      {description}
      {children ? <div className="lite-empty-footer">{children}</div> : null}
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
