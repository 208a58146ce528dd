import { PRODUCT_NAME } from '@baton/contracts';

interface LogoProps {
  size?: number;
  /** Show the product name next to the mark. */
  withName?: boolean;
  color?: string;
  className?: string;
}

/** The Baton mark: a relay baton crossing a lane line. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--baton-primary, #4080FF)" />
      <path d="M10 50 L54 14" stroke="rgba(255,255,255,0.35)" strokeWidth="2" strokeDasharray="4 5" />
      <rect x="14" y="36" width="36" height="10" rx="5" transform="rotate(-40 32 41)" fill="#fff" />
      <circle cx="45" cy="17" r="6" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 32, withName = true, color, className }: LogoProps) {
  return (
    <span className={className} style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <LogoMark size={size} />
      {withName && (
        <span style={{ fontWeight: 700, fontSize: Math.round(size * 0.62), letterSpacing: 0.5, color }}>
          {PRODUCT_NAME}
        </span>
      )}
    </span>
  );
}
