/** A locale module: `locales/<area>/<lang>.ts`, its strings as the default export. */
export type LocaleModule = { default: Record<string, unknown> };
type Load = () => Promise<LocaleModule>;

/** What the loader needs of the i18n instance (`translate.ts`; kept narrow so it is testable without it). */
export interface BundleSink {
  addResources(lng: string, strings: Record<string, unknown>): void;
}

/** `locales/<area>/<lang>.ts`, or `locales/<lang>.ts` for the shell (area `SHELL`). */
const FILE = /\/locales\/(?:([\w-]+)\/)?([\w-]+)\.ts$/;

/** The shell's strings (`locales/<lang>.ts`): top-level keys, wanted by every page, in every language in use. */
export const SHELL = '';

function byAreaAndLang<T>(files: Record<string, T>): Map<string, T> {
  const out = new Map<string, T>();
  for (const [file, value] of Object.entries(files)) {
    const m = FILE.exec(file);
    if (m) out.set(`${m[2]}/${m[1] ?? SHELL}`, value);
  }
  return out;
}

/** What a module adds to its language's strings: the shell at the top level, an area under its name. */
const bundleOf = (area: string, mod: LocaleModule): Record<string, unknown> =>
  area === SHELL ? mod.default : { [area]: mod.default };

/**
 * Area strings fetched on demand, once per language: `ensure(['public'])` before a route renders,
 * `switchTo('en')` before the language changes (every area in use, in the new language), and
 * `missing(key)` as the safety net for an area nobody declared (fetched, then the page re-renders).
 * The shell (`locales/<lang>.ts`, when given) comes with every `ensure` and `switchTo`.
 */
export function createAreaLoader(
  i18n: BundleSink,
  lazy: Record<string, Load>,
  eager: Record<string, LocaleModule>,
  currentLang: () => string,
) {
  const loaders = byAreaAndLang(lazy);
  const names = [...new Set([...loaders.keys()].map((k) => k.slice(k.indexOf('/') + 1)))]
    .filter((a) => a !== SHELL)
    .sort();
  const known = new Set(names);
  const done = new Map<string, Promise<void>>();
  /** Areas some route has asked for: what a language switch must bring along. */
  const wanted = new Set<string>([SHELL]);

  for (const key of byAreaAndLang(eager).keys()) {
    done.set(key, Promise.resolve());
    wanted.add(key.slice(key.indexOf('/') + 1));
  }

  function loadOne(lang: string, area: string): Promise<void> {
    const key = `${lang}/${area}`;
    let pending = done.get(key);
    if (pending) return pending;
    const load = loaders.get(key);
    if (!load) return Promise.resolve();
    pending = load().then(
      (mod) => {
        i18n.addResources(lang, bundleOf(area, mod));
      },
      (error: unknown) => {
        done.delete(key); // a failed fetch (network, new release) is tried again next time
        throw error;
      },
    );
    done.set(key, pending);
    return pending;
  }

  /**
   * The shell of `lang` alone: the languages hold the same keys (`locales.test.ts`), so an English
   * page does not also fetch the Chinese shell behind it (2.7 KB gzip of every phone page).
   */
  function shells(lang: string): Promise<void>[] {
    return [loadOne(lang, SHELL)];
  }

  function ensure(areas: readonly string[] | 'all'): Promise<void> {
    const list = areas === 'all' ? names : areas.filter((a) => known.has(a));
    for (const a of list) wanted.add(a);
    const lang = currentLang();
    return Promise.all([...shells(lang), ...list.map((a) => loadOne(lang, a))]).then(() => undefined);
  }

  return {
    /** Every area there is. */
    names: names as readonly string[],
    /** The eagerly bundled strings of `lang` (component tests), to put into the initial resources. */
    preloaded(lang: string): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [key, mod] of byAreaAndLang(eager)) {
        if (key.startsWith(`${lang}/`)) Object.assign(out, bundleOf(key.slice(lang.length + 1), mod));
      }
      return out;
    },
    /** Load the shell and `areas` ('all': every one) in the current language. */
    ensure,
    /** Load every area in use in `lang`, before switching to it. */
    switchTo(lang: string): Promise<void> {
      return Promise.all([...shells(lang), ...[...wanted].map((a) => loadOne(lang, a))]).then(
        () => undefined,
        () => undefined, // switch anyway: what failed shows its keys and is fetched again on use
      );
    },
    /** A key was not found: when it belongs to an area not loaded yet, load it. */
    missing(key: string): void {
      const dot = key.indexOf('.');
      const area = dot > 0 ? key.slice(0, dot) : '';
      if (!known.has(area) || done.has(`${currentLang()}/${area}`)) return;
      if (import.meta.env.DEV) console.warn(`[i18n] area "${area}" loaded late for "${key}": declare it on the route`);
      ensure([area]).catch(() => undefined);
    },
  };
}

export type AreaLoader = ReturnType<typeof createAreaLoader>;
