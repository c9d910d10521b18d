import type { MailTemplate } from './types';

/** Sent to the NEW address of an e-mail change: the account moves to it only when this link is opened (24 hours). */
export const emailChangeConfirm: MailTemplate<{ firstname: string; path: string }> = (data, { baseUrl }) => ({
  subject: 'Confirmez votre nouvelle adresse e-mail EcoForma',
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: [
    'Vous avez demandé à utiliser cette adresse e-mail pour votre compte EcoForma. Confirmez-la avec le lien ci-dessous : elle deviendra alors votre identifiant de connexion.',
  ],
  action: { label: 'Confirmer ma nouvelle adresse', url: `${baseUrl}${data.path}` },
  after: [
    'Ce lien ne sert qu’une fois et expire dans 24 heures. Tant qu’il n’est pas ouvert, votre ancienne adresse reste celle du compte.',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne changera.',
  ],
});
