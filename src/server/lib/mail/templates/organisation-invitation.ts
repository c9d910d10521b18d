import type { MailTemplate } from './types';

/**
 * An organisation invites a learner (decision 025): to create an account (signup prefilled with the
 * invited address) or, when an account has this address, to the join confirmation. Either way the
 * learner decides there, and consents to share their progress.
 */
export const organisationInvitation: MailTemplate<{ organisationName: string; firstname?: string | null; path: string; hasAccount: boolean; expiresInDays: number }> = (data, { baseUrl }) => ({
  // The organisation's name (typed by whoever signed up) stays out of the subject: an invitation cannot be made to look like another sender's mail (issue 25).
  subject: 'Invitation à vous former sur EcoForma',
  greeting: data.firstname ? `Bonjour ${data.firstname},` : 'Bonjour,',
  paragraphs: [
    `${data.organisationName} vous invite à rejoindre son espace sur EcoForma, la plateforme de formation au développement durable, pour suivre les formations qu’elle vous proposera.`,
    `En acceptant, vous autorisez ${data.organisationName} à voir votre progression dans les formations où elle vous inscrit (avancement, dernière activité, attestation). Vous pourrez quitter l’organisation à tout moment depuis votre profil : elle n’aura alors plus accès à votre progression.`,
    data.hasAccount
      ? 'Vous avez déjà un compte EcoForma avec cette adresse : connectez-vous pour répondre à l’invitation.'
      : 'Créez votre compte apprenant avec cette adresse e-mail, puis acceptez l’invitation.',
  ],
  action: data.hasAccount
    ? { label: 'Voir l’invitation', url: `${baseUrl}${data.path}` }
    : { label: 'Créer mon compte et rejoindre l’organisation', url: `${baseUrl}${data.path}` },
  after: [
    `Cette invitation expire dans ${data.expiresInDays} jours.`,
    'Si vous ne connaissez pas cette organisation, ignorez ce message : rien ne sera partagé.',
  ],
});
