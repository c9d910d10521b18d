import { CONTACT } from '../../../../shared/constants';
import type { MailTemplate } from './types';

/**
 * Sent to the CURRENT address when a change to another one is asked for. It carries no link to act
 * on: a message that only informs cannot be used to take the account over.
 */
export const emailChangeNotice: MailTemplate<{ firstname: string; newEmail: string }> = (data) => ({
  subject: 'Changement d’adresse e-mail demandé sur votre compte EcoForma',
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: [
    `Une demande de changement d’adresse e-mail vient d’être faite sur votre compte EcoForma, vers l’adresse ${data.newEmail}.`,
    'Le changement n’aura lieu que si le lien envoyé à cette nouvelle adresse est ouvert. Jusque-là, cette adresse-ci reste votre identifiant de connexion.',
  ],
  after: [
    `Si vous n’êtes pas à l’origine de cette demande, connectez-vous sans attendre, changez votre mot de passe dans « Mon profil › Paramètres » et prévenez-nous à ${CONTACT.email}.`,
  ],
});
