/** What other features may use from the directory feature: the profile's settings and a person's photo. */
export { DirectorySettings } from './components/DirectorySettings';
export { PhotoSettings } from './components/PhotoSettings';
export { UserPhoto } from './components/UserPhoto';
export { useMyAttestations } from './api/get-my-attestations';
export { AttestationLinks } from './components/AttestationLinks';
