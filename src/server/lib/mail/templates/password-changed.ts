import type { MailTemplate } from './types';
import { webPaths } from '../../../../shared/web-paths';

/** After a reset or a change from the settings: the owner learns of it, whoever did it. */
export const passwordChanged: MailTemplate<{ firstname: string }> = (data, { baseUrl }) => ({
  subject: 'Votre mot de passe EcoForma a été modifié',
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: [
    'Le mot de passe de votre compte EcoForma vient d’être modifié. Par sécurité, toutes vos sessions ouvertes ont été fermées.',
  ],
  after: [
    `Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre depuis ${baseUrl}${webPaths.forgotPassword} et prévenez-nous à contact@ecoforma.fr.`,
  ],
});
