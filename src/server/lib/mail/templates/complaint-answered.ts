import type { MailTemplate } from './types';

/** The answer to a complaint, when an administrator resolves it (Qualiopi indicator 31). */
export const complaintAnswered: MailTemplate<{ complaintId: number; subject: string; answer: string }> = (data) => ({
  subject: `Réponse à votre réclamation n° ${data.complaintId} : ${data.subject}`,
  greeting: 'Bonjour,',
  paragraphs: [`Voici notre réponse à votre réclamation n° ${data.complaintId} « ${data.subject} » :`, ...data.answer.split(/\n{2,}/)],
  after: ['Si cette réponse ne vous satisfait pas, vous pouvez déposer une nouvelle réclamation depuis notre site.'],
});
