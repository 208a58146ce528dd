import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import './field.css';

/**
 * A form of the pages without antd: its values, and each field's error (antd Form's behaviour:
 * a field is checked as it changes, every field on submit). `rules` answers a field's error
 * message or null; it is read at each call, so it may close over the current language.
 */
export function useLiteForm<V extends Record<string, unknown>>(
  initial: V,
  rules: { [K in keyof V]?: (value: V[K], values: V) => string | null },
) {
  const [values, setValues] = useState(initial);
  // The latest values, for a change made after an await (a closure's `values` may be older).
  const latest = useRef(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  // The fields whose error a rule gave: shown in the language of this render (a switch of language
  // after a failed check must not leave the old language's words), not as they were stored.
  const fromRule = useRef(new Set<keyof V>());
  const problem = <K extends keyof V>(name: K, all: V) => rules[name]?.(all[name], all) ?? undefined;
  const noted = (name: keyof V, message: string | undefined) => {
    if (message) fromRule.current.add(name);
    else fromRule.current.delete(name);
    return message;
  };

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    const message = noted(name, problem(name, next));
    setErrors((prev) => ({ ...prev, [name]: message }));
  };
  /** Checks `names` (every field with a rule when absent); true when they all pass. */
  const check = (names: (keyof V)[] = Object.keys(rules) as (keyof V)[]) => {
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of names) found[name] = noted(name, problem(name, latest.current));
    setErrors((prev) => ({ ...prev, ...found }));
    return names.every((name) => !found[name]);
  };
  const setError = (name: keyof V, message: string | undefined) => {
    fromRule.current.delete(name);
    setErrors((prev) => ({ ...prev, [name]: message }));
  };
  /** Sets a field without checking it, its error gone (a used picture code, emptied for the next). */
  const reset = <K extends keyof V>(name: K, value: V[K]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    setError(name, undefined);
  };
  const shown = { ...errors };
  for (const name of fromRule.current) if (shown[name]) shown[name] = problem(name, latest.current) ?? shown[name];
  /** A field's value, change and error, for a control that takes all three (`{...form.field('mobile')}`). */
  const field = <K extends keyof V>(name: K) => ({
    value: values[name],
    onChange: (value: V[K]) => set(name, value),
    error: shown[name],
  });
  return { values, errors: shown, set, check, setError, reset, field };
}

/**
 * A form row (antd's vertical Form.Item): the label (none when the control carries its own
 * `aria-label`, as on the sign-in card), the control, then its error and `extra` (a hint).
 */
export function LiteField({
  id,
  label,
  error,
  extra,
  children,
}: {
  /** The control's id (the label points at it; its error is `${id}-error`). */
  id: string;
  label?: ReactNode;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'lite-field lite-field-invalid' : 'lite-field'}>
      {label === undefined ? null : <label htmlFor={id}>{label}</label>}
      {children}
      {error ? (
        <div id={`${id}-error`} className="lite-field-error" role="alert">
          {error}
        </div>
      ) : null}
      {extra ? <div className="lite-field-extra">{extra}</div> : null}
    </div>
  );
}

/**
 * A text input with an icon before it (antd Input with `prefix`, large), described by its field's
 * error; `suffix` is a control at its end (the password's eye).
 */
export function LiteInput({
  id,
  icon,
  suffix,
  value,
  onChange,
  invalid,
  className,
  ...rest
}: {
  id: string;
  icon?: ReactNode;
  suffix?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  className?: string;
  type?: 'text' | 'password' | 'search';
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'tel';
  autoComplete?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  onKeyUp?: (e: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const classes = ['lite-input'];
  if (suffix) classes.push('lite-input-suffixed');
  if (className) classes.push(className);
  return (
    <span className={classes.join(' ')}>
      {icon}
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        {...rest}
      />
      {suffix ? <span className="lite-input-suffix">{suffix}</span> : null}
    </span>
  );
}
