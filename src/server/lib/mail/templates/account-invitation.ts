import type { MailTemplate } from './types';

/** An account an administrator created: its owner chooses the first password with this link (7 days). */
export const accountInvitation: MailTemplate<{ firstname: string; roleLabel: string; path: string }> = (data, { baseUrl }) => ({
  subject: 'Définissez votre mot de passe EcoForma',
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: [
    `Un administrateur d’EcoForma vous a créé un compte (${data.roleLabel}) avec cette adresse e-mail.`,
    'Pour l’utiliser, définissez votre mot de passe avec le lien ci-dessous.',
  ],
  action: { label: 'Définir mon mot de passe', url: `${baseUrl}${data.path}` },
  after: [
    'Ce lien ne sert qu’une fois et expire dans 7 jours. Passé ce délai, utilisez « Mot de passe oublié ? » sur la page de connexion.',
    'Si vous ne vous attendiez pas à ce message, ignorez-le.',
  ],
});
