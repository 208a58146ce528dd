import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useMobile } from '../../hooks/useMobile';

type Props = Omit<ButtonProps, 'children'> & {
  label: ReactNode;
  /** Icon only on phones. */
  compact?: boolean;
  'data-testid'?: string;
};

/**
 * A labelled button; with `compact` it keeps only its icon on phones (the label becomes its
 * accessible name and tooltip), so a table's action column stays narrow at 390 px. Props pass
 * through, so it works inside a Popconfirm.
 */
export function CompactButton({ label, icon, compact, ...rest }: Props) {
  const mobile = useMobile();
  const iconOnly = Boolean(compact && mobile && icon);
  return (
    <Button
      icon={icon}
      aria-label={iconOnly && typeof label === 'string' ? label : undefined}
      title={iconOnly && typeof label === 'string' ? label : undefined}
      {...rest}
    >
      {iconOnly ? null : label}
    </Button>
  );
}

/** A link-style action of a table row (icon only on phones). */
export function RowAction(props: Props) {
  return <CompactButton type="link" size="small" compact {...props} />;
}
