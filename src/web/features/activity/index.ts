/** What other features may use from the activity feature: the « Votre activité » panel of the pages reached after signing in. */
export { ActivityPanel } from './components/ActivityPanel';
