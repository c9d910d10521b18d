/** What other parts of the app may use of the profile feature. */
export { EmailConfirmationBanner } from './components/EmailConfirmationBanner';
