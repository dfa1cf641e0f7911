import { useContext, useSyncExternalStore } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import type { Namespace } from './i18n';

/** Per i18next instance: its language's subscription, its `t`s, and the catalogues on their way. */
interface Translations {
  readonly subscribe: (onChange: () => void) => () => void;
  readonly fixed: Map<string, TFunction>;
  readonly loading: Map<string, Promise<unknown>>;
}

const kept = new WeakMap<I18n, Translations>();

/**
 * A language's and namespace's `t`. Not i18next's getFixedT, whose `t` copies all of i18next's
 * options on every call (a tenth of a product page's render on the server). A text without values
 * is looked up once: it is asked for only once its namespace is in, and catalogues never change after.
 * `ns` and `lng` are read by react-i18next's Trans, which passes its own `ns` in the options.
 */
const fixedIn = (i18n: I18n, language: string, namespace: Namespace): TFunction => {
  const plain = new Map<string, string>();
  const t = (key: string | string[], options?: string | Record<string, unknown>): string => {
    if (options === undefined && typeof key === 'string') {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = i18n.t(key, { lng: language, ns: namespace })));
      return text;
    }
    const given = typeof options === 'string' ? { defaultValue: options } : options;
    return i18n.t(key, { lng: language, ns: namespace, ...given });
  };
  return Object.assign(t, { lng: language, ns: namespace }) as unknown as TFunction;
};

const translationsOf = (i18n: I18n): Translations => {
  let translations = kept.get(i18n);
  if (!translations) {
    const subscribe = (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    translations = { subscribe, fixed: new Map(), loading: new Map() };
    kept.set(i18n, translations);
  }
  return translations;
};

/**
 * The UI's `useTranslation`: react-i18next's shape (`{ t, i18n }`, a namespace to suspend on until
 * its catalogue is in) without its cost. react-i18next's copies the i18next instance for each
 * component the first time it renders, and asks i18next for a new `t` besides: on the server, where
 * every render of a page is a first, that was 13% of a product page's render (a CPU profile of the
 * benchmark's first renders). Here each language and namespace has one `t`, made once. A component
 * still renders again when the language changes in place (the UI tests do; the store itself changes
 * language by loading the page at the language's address).
 */
export function useTranslation(namespace: Namespace = 'common'): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const { subscribe, fixed, loading } = translationsOf(i18n);
  const language = useSyncExternalStore(subscribe, () => i18n.language, () => i18n.language);
  const key = `${language} ${namespace}`;
  if (!i18n.hasLoadedNamespace(namespace)) {
    let loaded = loading.get(key);
    if (!loaded) loading.set(key, (loaded = i18n.loadNamespaces(namespace)));
    // Thrown, as react-i18next does, not given to `use`: replayed after `use`, a component whose
    // earlier hooks include useSyncExternalStore failed in a transition's render (React's error
    // 467, the checkout's console), and React rendered the whole page again in one piece.
    throw loaded;
  }
  let t = fixed.get(key);
  if (!t) fixed.set(key, (t = fixedIn(i18n, language, namespace)));
  return { t, i18n };
}
