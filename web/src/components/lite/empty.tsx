import type { ReactNode } from 'react';
import './empty.css';

/** antd's "simple" empty picture. */
function SimplePicture() {
  return (
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
  );
}

/** The larger picture of an empty page or section (antd Empty's default size): an open tray with a sheet in it. */
function DefaultPicture() {
  return (
    <svg width="92" height="76" viewBox="0 0 92 76" aria-hidden="true">
      <ellipse fill="var(--lite-empty-shadow)" cx="42" cy="66" rx="40" ry="8" />
      <path fill="var(--lite-empty-sheet)" d="M22 14h40a3 3 0 0 1 3 3v33H19V17a3 3 0 0 1 3-3z" />
      <rect fill="var(--lite-empty-line)" x="27" y="21" width="30" height="9" rx="1.5" />
      <rect fill="var(--lite-empty-line)" x="27" y="34" width="30" height="3" rx="1.5" />
      <rect fill="var(--lite-empty-line)" x="27" y="40" width="30" height="3" rx="1.5" />
      <path fill="var(--lite-empty-tray)" d="M9 42h19l3 7h22l3-7h19v17a4 4 0 0 1-4 4H13a4 4 0 0 1-4-4z" />
      <circle fill="var(--lite-empty-tray)" cx="76" cy="11" r="11" />
      <circle fill="var(--lite-empty-sheet)" cx="71" cy="11" r="1.6" />
      <circle fill="var(--lite-empty-sheet)" cx="76" cy="11" r="1.6" />
      <circle fill="var(--lite-empty-sheet)" cx="81" cy="11" r="1.6" />
    </svg>
  );
}

/**
 * An empty state: a picture and a line of text (antd Empty; `image="simple"` is its small picture,
 * used inside lists), with an optional action under it.
 */
export function LiteEmpty({
  description,
  image = 'default',
  children,
  'data-testid': testId,
}: {
  description: ReactNode;
  image?: 'default' | 'simple';
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={image === 'simple' ? 'lite-empty lite-empty-simple' : 'lite-empty'} data-testid={testId}>
      {image === 'simple' ? <SimplePicture /> : <DefaultPicture />}
      <div className="lite-empty-text">{description}</div>
      {children ? <div className="lite-empty-footer">{children}</div> : null}
    </div>
  );
}
