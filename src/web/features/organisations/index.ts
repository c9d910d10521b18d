/** What other features may use of the organisations feature (decision 025). */
export { OrganisationFields, type FieldBinding } from './components/OrganisationFields';
export { MyOrganisations } from './components/MyOrganisations';
export { useInvitation } from './api/lookup-invitation';
export { rememberInvitationToken } from './pending-invitation';
