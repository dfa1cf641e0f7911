/**
 * What react-i18next takes from `use-sync-external-store/shim`, which the UI's build points here
 * (ui/vite.config.mts): React 19 has the hook itself, and the shim shipped its stand-in for
 * React 17 in every page's script besides (0.4 KB of the home page's 120).
 */
export { useSyncExternalStore } from 'react';
