/** The admin feature's public surface: its menu, which the administrators' area layout (src/web/app) shows above every page. */
export { AdminNav } from './components/AdminNav';
