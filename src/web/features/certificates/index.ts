/** The certificates feature's public surface: what other features may use. */
export { CertificateActions } from './components/CertificateActions';
