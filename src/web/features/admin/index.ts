/** The admin feature's public surface: what other features may use. */
export { AdminNav } from './components/AdminNav';
