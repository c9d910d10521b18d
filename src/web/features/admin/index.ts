/** The admin feature's public surface: what other features may use. */
export { AdminNav } from './components/AdminNav';
export { useDebouncedValue } from './hooks/use-debounced-value';
