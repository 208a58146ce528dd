import type { ReactNode } from 'react';
import { LiteEmpty } from './index';
import './empty.css';

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

/** An empty page or section as antd Empty draws it by default (the larger picture), with an optional action. */
export function LiteEmptyDefault(props: { description: ReactNode; children?: ReactNode; 'data-testid'?: string }) {
  return <LiteEmpty {...props} picture={<DefaultPicture />} className="lite-empty-default" />;
}
