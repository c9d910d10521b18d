/** What other features may use of the auth feature. */
export { PasswordField } from './components/PasswordField';
