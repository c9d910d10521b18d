import type { MailTemplate } from './types';

/** The acknowledgement of a complaint (Qualiopi indicator 31): sent at once, to the address the complaint gives. */
export const complaintReceived: MailTemplate<{ complaintId: number; subject: string; receivedAt: string }> = (data) => ({
  subject: `Réclamation n° ${data.complaintId} reçue : ${data.subject}`,
  greeting: 'Bonjour,',
  paragraphs: [
    `Nous avons bien reçu votre réclamation n° ${data.complaintId} « ${data.subject} », le ${data.receivedAt}.`,
    'Elle est transmise à notre équipe qualité, qui vous répondra par e-mail à cette adresse.',
  ],
  after: ['Cet e-mail est un accusé de réception : il n’appelle aucune action de votre part.'],
});
