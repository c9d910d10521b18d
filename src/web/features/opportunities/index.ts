/** What other features may use from the opportunities feature: the profile's weekly digest setting. */
export { DigestSettings } from './components/DigestSettings';
