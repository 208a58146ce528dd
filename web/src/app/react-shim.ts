/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in: the bundler maps the
 * shim here (vite.config.ts), so react-i18next does not ship the pre-18 fallback.
 */
export { useSyncExternalStore } from 'react';
