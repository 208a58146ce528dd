import { useSyncExternalStore } from 'react';

/**
 * The app's own i18n core: exactly what the pages use, nothing more. Strings are nested objects
 * per language (`{ public: { lists: { failed: '…' } } }` answers `t('public.lists.failed')`);
 * `{{name}}` in a string takes `t(key, { name })` (as is: React escapes what it renders); a key
 * the language lacks comes from the fallback language, then `defaultValue`, then the key itself.
 * The one instance lives in `i18n.ts`.
 */

/** `t`'s variables: `{{name}}` takes `name`; `defaultValue` answers a key no language has. */
export type TOptions = { defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;
type Strings = Record<string, unknown>;

export interface I18nOptions {
  lng: string;
  fallbackLng: string;
  /** Called when the current language lacks a key (the safety net that fetches its strings). */
  onMissing?: (key: string) => void;
}

export interface I18n {
  /** The current language (lower case: `zh-cn`, `en`). */
  readonly language: string;
  /** Translate in the current language (outside React; components use `useTranslation()`). */
  t: TFunction;
  changeLanguage(lng: string): Promise<void>;
  /** Merge strings into a language (deep; what arrives wins) and re-render who translates. */
  addResources(lng: string, strings: Strings): void;
  /** Called after every change of language or strings. */
  subscribe(listener: () => void): () => void;
  /** A `t` that is the same function until the language or the strings change (for memo and effect deps). */
  getT(): TFunction;
}

const isObject = (v: unknown): v is Strings => typeof v === 'object' && v !== null;

function merge(into: Strings, from: Strings): Strings {
  for (const [k, v] of Object.entries(from)) {
    const old = into[k];
    if (isObject(v)) into[k] = merge(isObject(old) ? old : {}, v);
    else into[k] = v;
  }
  return into;
}

function lookup(strings: Strings | undefined, key: string): string | undefined {
  let node: unknown = strings;
  for (const part of key.split('.')) {
    if (!isObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const VARIABLE = /{{(.+?)}}/g;

/** `{{name}}` → `options.name` (nothing for null or undefined); a variable not given stays as written. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(VARIABLE, (whole, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(options, key)) return whole;
    const value = options[key];
    return value == null ? '' : String(value);
  });
}

export function createI18n({ lng, fallbackLng, onMissing }: I18nOptions): I18n {
  const resources = new Map<string, Strings>();
  const listeners = new Set<() => void>();
  let language = lng.toLowerCase();

  function translate(key: string, options?: TOptions): string {
    let text = lookup(resources.get(language), key);
    if (text === undefined) {
      onMissing?.(key);
      if (language !== fallbackLng) text = lookup(resources.get(fallbackLng), key);
    }
    return interpolate(text ?? options?.defaultValue ?? key, options);
  }

  const fixedT = (): TFunction => (key, options) => translate(key, options);
  let current = fixedT();

  function changed() {
    current = fixedT();
    for (const listener of listeners) listener();
  }

  return {
    get language() {
      return language;
    },
    t: translate,
    changeLanguage(next) {
      const lower = next.toLowerCase();
      if (lower !== language) {
        language = lower;
        changed();
      }
      return Promise.resolve();
    },
    addResources(lang, strings) {
      const lower = lang.toLowerCase();
      resources.set(lower, merge(resources.get(lower) ?? {}, strings));
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getT: () => current,
  };
}

/** `{ t, i18n }` of an instance; the component re-renders when its language or strings change. */
export function useTranslationOf(i18n: I18n): { t: TFunction; i18n: I18n } {
  const t = useSyncExternalStore(i18n.subscribe, i18n.getT, i18n.getT);
  return { t, i18n };
}
