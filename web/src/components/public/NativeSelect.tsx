export interface NativeOption {
  value: number;
  label: string;
}

/**
 * A choice among ids as the browser's own `<select>`: the phone's native picker, large and
 * familiar, and no select widget in the public pages' JavaScript. A form control
 * (`value` / `onChange`, `id` from Form.Item). Its chevron is drawn by CSS (parts.css), not an icon chunk.
 */
export function NativeSelect({
  id,
  value,
  onChange,
  options,
  placeholder,
  allowEmpty = false,
  label,
  testId,
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  options: readonly NativeOption[];
  /** Shown while nothing is chosen (and, with `allowEmpty`, chosen to clear). */
  placeholder?: string;
  allowEmpty?: boolean;
  label: string;
  testId?: string;
}) {
  const empty = value === null || value === undefined;
  return (
    <span className={`pub-select${empty ? ' pub-select-empty' : ''}`}>
      <select
        id={id}
        value={empty ? '' : String(value)}
        onChange={(e) => onChange?.(e.target.value === '' ? null : Number(e.target.value))}
        aria-label={label}
        data-testid={testId}
      >
        {placeholder !== undefined && (empty || allowEmpty) ? (
          <option value="" disabled={!allowEmpty}>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}
