import type { MailTemplate } from './types';

/** After signup, or "Renvoyer" on the banner: the link that proves the owner reads this address (7 days). */
export const emailConfirm: MailTemplate<{ firstname: string; path: string }> = (data, { baseUrl }) => ({
  subject: 'Confirmez votre adresse e-mail EcoForma',
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: [
    'Bienvenue sur EcoForma ! Pour confirmer que cette adresse e-mail est bien la vôtre, ouvrez le lien ci-dessous.',
  ],
  action: { label: 'Confirmer mon adresse e-mail', url: `${baseUrl}${data.path}` },
  after: [
    'Ce lien ne sert qu’une fois et expire dans 7 jours. Vous pourrez en demander un autre depuis votre compte.',
    'Si vous n’avez pas créé de compte EcoForma, ignorez ce message.',
  ],
});
