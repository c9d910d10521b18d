import type { MailTemplate } from './types';

/** "Mot de passe oublié ?": the single-use link, valid 30 minutes. */
export const passwordReset: MailTemplate<{ firstname: string; path: string }> = (data, { baseUrl }) => ({
  subject: 'Réinitialisez votre mot de passe EcoForma',
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: ['Vous avez demandé à réinitialiser le mot de passe de votre compte EcoForma. Choisissez-en un nouveau avec le lien ci-dessous.'],
  action: { label: 'Choisir un nouveau mot de passe', url: `${baseUrl}${data.path}` },
  after: [
    'Ce lien ne sert qu’une fois et expire dans 30 minutes.',
    'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe actuel reste valable.',
  ],
});
