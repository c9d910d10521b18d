import type { NotificationKind } from '../../../shared/notifications';
import { webPaths } from '../../../shared/web-paths';
import { formatDateTime, formatDay, formatEuros, plural } from '../../../shared/french-format';

/**
 * The French text of each notification, written once and used for the in-app entry and for its
 * e-mail (decision 024). Links are addresses of the web application's pages (src/shared/web-paths.ts);
 * the e-mail puts PUBLIC_URL in front of them.
 */

/** What the event hands over for each kind. */
export interface NotificationData {
  trainer_application: { trainerId: number; trainerName: string; speciality: string | null };
  trainer_approved: Record<string, never>;
  trainer_refused: { reason: string | null };
  interview: { change: 'scheduled' | 'moved' | 'cancelled'; date: string; previousDate?: string };
  enrolment_confirmed: { courseId: number; courseTitle: string };
  certificate_issued: { courseTitle: string; certificateNumber: string };
  certificate_revoked: { courseTitle: string; certificateNumber: string; revokedAt: string; reason: string };
  organisation_certificate_revoked: { memberName: string; courseTitle: string; certificateNumber: string; revokedAt: string; reason: string };
  course_submitted: { courseId: number; courseTitle: string; trainerName: string };
  course_published: { courseId: number; courseTitle: string };
  course_changes_requested: { courseId: number; courseTitle: string; reason: string | null };
  organisation_member_left: { memberName: string };
  organisation_membership_ended: { organisationName: string };
  organisation_seats_granted: { courseTitle: string; seats: number; used: number };
  organisation_invitation: { organisationName: string };
  discussion_reply: { courseId: number; courseTitle: string; threadId: number; threadTitle: string; replierName: string };
  discussion_thread: { courseId: number; courseTitle: string; threadId: number; threadTitle: string; kind: 'question' | 'discussion'; authorName: string };
  opportunity_response: { opportunityId: number; opportunityTitle: string; applicantName: string; kind: 'application' | 'proposal' };
  message_received: { conversationId: number; senderName: string };
  /** To the author of reported content: the statement of reasons (DSA art. 17). `review` when the decision answers their contest. */
  moderation_decision: {
    decisionId: number;
    targetLabel: string;
    excerpt: string;
    action: 'keep' | 'hide' | 'delete';
    reason: string;
    /** `deleted`: the content was deleted, so a reversal cannot bring it back. */
    review: { reversed: boolean; deleted: boolean } | null;
  };
  /** To a person who reported content: what was decided and why. */
  report_decision: { targetLabel: string; excerpt: string; action: 'keep' | 'hide' | 'delete'; reason: string };
  /** To administrators: content reported for the first time while nothing is open on it, or a contest. */
  moderation_queue: { kind: 'report' | 'contest'; targetLabel: string; excerpt: string };
  /** To a learner inactive for `days` days (indicator 12): the first or the second and last reminder. */
  inactivity_reminder: { courseId: number; courseTitle: string; days: number; second: boolean };
  /** To a learner some time after completion (indicator 30): the survey, or one of its two reminders. */
  cold_survey: { enrolmentId: number; courseTitle: string; reminder: 0 | 1 | 2 };
  /** To administrators: a complaint was filed (indicator 31). */
  complaint_received: { complaintId: number; subject: string };
  /** To a learner registered for a live session (issue 28): the convocation, its update or its cancellation. */
  session_convocation: { change: 'registered' | 'updated' | 'cancelled'; courseTitle: string; sessionTitle: string; startsAt: string };
  /** To a learner whose contract's instalment fell due (issue 29): its invoice, to pay by bank transfer. */
  instalment_invoiced: { courseTitle: string; label: string; amountCents: number; invoiceNumber: string };
  card_payment_failed: { courseTitle: string; label: string; amountCents: number; invoiceNumber: string; reason: string };
  card_payment_failed_admin: { learnerName: string; courseTitle: string; label: string; amountCents: number; invoiceNumber: string; reason: string };
}

export interface NotificationContent {
  title: string;
  /** The in-app text, also the e-mail's first paragraph. */
  body: string;
  /** Paragraphs the e-mail adds after the body. */
  more?: string[];
  link: string | null;
  /** The e-mail's button to `link`. */
  actionLabel?: string;
}

const reasonLine = (reason: string | null) => (reason ? ` Motif : ${reason}` : '');


/** A reported content's excerpt as quoted in a notification: short, on one line. */
const quoted = (excerpt: string) => `« ${excerpt.length > 120 ? `${excerpt.slice(0, 119)}…` : excerpt} »`;

const moderationOutcome = { keep: 'maintenu en ligne', hide: 'masqué', delete: 'supprimé' } as const;

const moderationDecisionContent = (data: NotificationData['moderation_decision']): NotificationContent => {
  const what = `votre contenu (${data.targetLabel.toLowerCase()}) ${quoted(data.excerpt)}`;
  const ground = `Motif : ${data.reason}`;
  const facts = 'Cette décision a été prise par un administrateur d’EcoForma, après examen humain, à la suite d’un signalement, au regard des conditions d’utilisation et de la loi.';
  if (data.review) {
    return {
      title: data.review.reversed ? 'Votre contestation est acceptée' : 'Votre contestation n’est pas retenue',
      body: data.review.reversed
        ? data.review.deleted
          ? `Après réexamen, la décision de supprimer ${what} est annulée. Un contenu supprimé ne peut malheureusement pas être rétabli : vous pouvez le publier de nouveau. ${ground}`
          : `Après réexamen, ${what} est de nouveau visible. ${ground}`
        : `Après réexamen, la décision est confirmée : ${what} reste ${moderationOutcome[data.action]}. ${ground}`,
      more: [
        facts,
        'Cette réponse clôt la contestation sur la plateforme. Vous pouvez encore saisir un organisme de règlement extrajudiciaire des litiges certifié ou le juge.',
      ],
      link: webPaths.moderationDecision(data.decisionId),
      actionLabel: 'Voir la décision',
    };
  }
  const contestable = data.action !== 'keep';
  return {
    title: data.action === 'keep' ? 'Un contenu signalé est maintenu' : `Votre contenu a été ${moderationOutcome[data.action]} par la modération`,
    body: `Un signalement visait ${what}. Décision : ${moderationOutcome[data.action]}. ${ground}`,
    more: [
      facts,
      contestable
        ? 'Vous pouvez contester cette décision une fois, depuis sa page, en expliquant pourquoi : un administrateur la réexaminera. Vous pouvez aussi saisir un organisme de règlement extrajudiciaire des litiges certifié ou le juge.'
        : 'Aucune restriction n’est appliquée à votre contenu : vous n’avez rien à faire.',
    ],
    link: webPaths.moderationDecision(data.decisionId),
    actionLabel: contestable ? 'Voir et contester la décision' : 'Voir la décision',
  };
};

const interviewContent = (data: NotificationData['interview']): NotificationContent => {
  const when = formatDateTime(data.date);
  if (data.change === 'cancelled') {
    return {
      title: `Votre entretien du ${when} est annulé`,
      body: `L’entretien vidéo prévu le ${when} (heure de Paris) a été annulé par un administrateur. Vous serez prévenu si un nouvel entretien est programmé.`,
      more: ['L’annulation jointe retire l’entretien de votre agenda.'],
      link: webPaths.profile,
      actionLabel: 'Voir mon profil',
    };
  }
  const moved = data.change === 'moved';
  return {
    title: moved ? `Votre entretien est déplacé au ${when}` : `Votre entretien est programmé le ${when}`,
    body: moved
      ? `Votre entretien vidéo avec l’équipe EcoForma${data.previousDate ? `, prévu le ${formatDateTime(data.previousDate)},` : ''} a lieu désormais le ${when} (heure de Paris).`
      : `Un administrateur a programmé votre entretien vidéo avec l’équipe EcoForma le ${when} (heure de Paris).`,
    more: [
      'Le lien de la salle apparaît sur votre profil 15 minutes avant l’entretien.',
      moved ? 'L’invitation jointe met à jour l’entretien dans votre agenda.' : 'L’invitation jointe ajoute l’entretien à votre agenda.',
    ],
    link: webPaths.myInterview,
    actionLabel: 'Voir mon entretien',
  };
};

const sessionConvocationContent = (data: NotificationData['session_convocation']): NotificationContent => {
  const when = formatDateTime(data.startsAt);
  const what = `la session « ${data.sessionTitle} » de la formation « ${data.courseTitle} »`;
  if (data.change === 'cancelled') {
    return {
      title: `Session annulée : ${data.sessionTitle}`,
      body: `${what.charAt(0).toUpperCase()}${what.slice(1)}, prévue le ${when} (heure de Paris), est annulée.`,
      more: ['L’annulation jointe retire la session de votre agenda.'],
      link: webPaths.mySessions,
      actionLabel: 'Voir mes sessions',
    };
  }
  const updated = data.change === 'updated';
  return {
    title: updated ? `Session modifiée : ${data.sessionTitle}` : `Votre convocation : ${data.sessionTitle}`,
    body: updated
      ? `Les informations de ${what} ont changé : elle commence le ${when} (heure de Paris). Votre convocation mise à jour est jointe.`
      : `Vous êtes inscrit à ${what}, qui commence le ${when} (heure de Paris). Votre convocation est jointe.`,
    more: [
      'Le jour de la session, signez la feuille d’émargement de chaque demi-journée depuis « Mes sessions », de 15 minutes avant le début à 30 minutes après.',
      updated ? 'L’invitation jointe met à jour la session dans votre agenda.' : 'L’invitation jointe ajoute la session à votre agenda.',
    ],
    link: webPaths.mySessions,
    actionLabel: 'Voir mes sessions',
  };
};

export const notificationContent: { [K in NotificationKind]: (data: NotificationData[K]) => NotificationContent } = {
  trainer_application: (data) => ({
    title: `Nouvelle candidature de formateur : ${data.trainerName}`,
    body: `${data.trainerName}${data.speciality ? ` (${data.speciality})` : ''} a envoyé son CV et attend la suite de sa candidature.`,
    more: ['Consultez son CV puis programmez un entretien, ou refusez la candidature en indiquant le motif.'],
    link: webPaths.adminUser(data.trainerId),
    actionLabel: 'Voir la candidature',
  }),
  trainer_approved: () => ({
    title: 'Votre candidature de formateur est approuvée',
    body: 'Bonne nouvelle : un administrateur a approuvé votre compte formateur. Vous pouvez dès maintenant créer vos cours.',
    link: webPaths.trainerCourses,
    actionLabel: 'Créer mes cours',
  }),
  trainer_refused: (data) => ({
    title: 'Votre candidature de formateur n’a pas été retenue',
    body: `Un administrateur a examiné votre candidature et ne l’a pas retenue.${reasonLine(data.reason)}`,
    more: ['Vous pouvez envoyer un nouveau CV : il sera étudié comme une nouvelle candidature.'],
    link: webPaths.waitingApproval,
    actionLabel: 'Voir ma candidature',
  }),
  interview: interviewContent,
  enrolment_confirmed: (data) => ({
    title: `Inscription confirmée : ${data.courseTitle}`,
    body: `Votre inscription à la formation « ${data.courseTitle} » est confirmée. Commencez quand vous le souhaitez : vous reprendrez toujours là où vous en étiez.`,
    link: webPaths.learn(data.courseId),
    actionLabel: 'Commencer la formation',
  }),
  certificate_issued: (data) => ({
    title: `Votre attestation est disponible : ${data.courseTitle}`,
    body: `Félicitations, vous avez terminé la formation « ${data.courseTitle} ». Votre attestation de fin de formation n° ${data.certificateNumber} est disponible.`,
    more: ['Téléchargez-la depuis « Mon apprentissage ». Son code de vérification permet à quiconque de vérifier son authenticité.'],
    link: webPaths.myLearning,
    actionLabel: 'Télécharger mon attestation',
  }),
  certificate_revoked: (data) => ({
    title: `Votre attestation est révoquée : ${data.courseTitle}`,
    body: `Votre attestation de fin de formation n° ${data.certificateNumber} pour « ${data.courseTitle} » a été révoquée le ${formatDay(data.revokedAt)}. Motif : ${data.reason}`,
    more: ['Elle ne peut plus être téléchargée, et sa page de vérification la dit révoquée. Pour toute question, répondez à l’équipe EcoForma.'],
    link: webPaths.myLearning,
    actionLabel: 'Voir mes formations',
  }),
  organisation_certificate_revoked: (data) => ({
    title: `Attestation révoquée : ${data.memberName}`,
    body: `L’attestation n° ${data.certificateNumber} de ${data.memberName} pour « ${data.courseTitle} » a été révoquée le ${formatDay(data.revokedAt)}. Motif : ${data.reason}`,
    link: webPaths.organisationDashboard,
    actionLabel: 'Voir le tableau de bord',
  }),
  course_submitted: (data) => ({
    title: `Cours à valider : ${data.courseTitle}`,
    body: `${data.trainerName} a soumis le cours « ${data.courseTitle} » pour validation.`,
    more: ['Relisez son contenu, ses quiz compris, puis publiez-le ou demandez des modifications.'],
    link: webPaths.adminCourse(data.courseId),
    actionLabel: 'Relire le cours',
  }),
  course_published: (data) => ({
    title: `Votre cours est publié : ${data.courseTitle}`,
    body: `Un administrateur a validé votre cours « ${data.courseTitle} » : il est maintenant visible dans le catalogue.`,
    link: webPaths.courseDetail(data.courseId),
    actionLabel: 'Voir le cours',
  }),
  course_changes_requested: (data) => ({
    title: `Modifications demandées : ${data.courseTitle}`,
    body: `Un administrateur a relu votre cours « ${data.courseTitle} » et demande des modifications avant de le publier.${reasonLine(data.reason)}`,
    more: ['Corrigez le cours puis soumettez-le de nouveau pour validation.'],
    link: webPaths.courseContent(data.courseId),
    actionLabel: 'Modifier le cours',
  }),
  organisation_member_left: (data) => ({
    title: `${data.memberName} a quitté votre organisation`,
    body: `${data.memberName} a quitté votre organisation : sa progression n’apparaît plus dans votre tableau de bord.`,
    link: webPaths.organisationMembers,
    actionLabel: 'Voir les membres',
  }),
  organisation_membership_ended: (data) => ({
    title: `Vous ne faites plus partie de ${data.organisationName}`,
    body: `${data.organisationName} vous a retiré de ses membres : elle ne voit plus votre progression. Vos formations et vos attestations restent les vôtres.`,
    link: webPaths.myLearning,
    actionLabel: 'Voir mes formations',
  }),
  organisation_seats_granted: (data) => ({
    title: `Places attribuées : ${data.courseTitle}`,
    body: `L’équipe EcoForma a fixé à ${plural(data.seats, 'place')} le nombre de places de votre organisation pour la formation « ${data.courseTitle} » (${plural(data.used, 'place utilisée', 'places utilisées')}).`,
    more: ['Inscrivez vos membres à cette formation depuis la liste de vos membres.'],
    link: webPaths.organisationMembers,
    actionLabel: 'Inscrire des membres',
  }),
  organisation_invitation: (data) => ({
    title: `${data.organisationName} vous invite à la rejoindre`,
    body: `${data.organisationName} vous invite à rejoindre son espace de formation. Acceptez ou refusez l’invitation dans l’onglet « Organisations » de votre profil.`,
    link: webPaths.myOrganisations,
    actionLabel: 'Voir l’invitation',
  }),
  discussion_reply: (data) => ({
    title: `Nouvelle réponse : ${data.threadTitle}`,
    body: `${data.replierName} a répondu dans la discussion « ${data.threadTitle} » de la formation « ${data.courseTitle} ».`,
    more: ['Vous recevez ce message parce que vous suivez cette discussion ou que vous êtes le formateur de ce cours.'],
    link: webPaths.courseDiscussions(data.courseId, data.threadId),
    actionLabel: 'Lire la réponse',
  }),
  discussion_thread: (data) => ({
    title: data.kind === 'question' ? `Nouvelle question : ${data.threadTitle}` : `Nouvelle discussion : ${data.threadTitle}`,
    body: `${data.authorName} a ${data.kind === 'question' ? 'posé une question' : 'ouvert une discussion'} dans votre formation « ${data.courseTitle} » : « ${data.threadTitle} ».`,
    more: ['Vos réponses aux apprenants sont la trace de l’assistance pédagogique de la formation.'],
    link: webPaths.courseDiscussions(data.courseId, data.threadId),
    actionLabel: data.kind === 'question' ? 'Répondre à la question' : 'Voir la discussion',
  }),
  opportunity_response: (data) => ({
    title: data.kind === 'proposal' ? `Nouvelle proposition : ${data.opportunityTitle}` : `Nouvelle candidature : ${data.opportunityTitle}`,
    body:
      data.kind === 'proposal'
        ? `${data.applicantName} propose une formation en réponse à votre demande « ${data.opportunityTitle} ».`
        : `${data.applicantName} a candidaté à votre opportunité « ${data.opportunityTitle} ».`,
    link: webPaths.opportunityResponses(data.opportunityId),
    actionLabel: data.kind === 'proposal' ? 'Voir les propositions' : 'Voir les candidatures',
  }),
  message_received: (data) => ({
    title: `Nouveau message de ${data.senderName}`,
    body: `${data.senderName} vous a écrit sur EcoForma. Lisez et répondez dans vos messages.`,
    more: ['Pour protéger vos échanges, le contenu du message n’est pas recopié dans cet e-mail.'],
    link: webPaths.messages(data.conversationId),
    actionLabel: 'Lire le message',
  }),
  moderation_decision: moderationDecisionContent,
  session_convocation: sessionConvocationContent,
  instalment_invoiced: (data) => ({
    title: `Facture ${data.invoiceNumber} : ${data.courseTitle}`,
    body: `${data.label} de votre formation « ${data.courseTitle} » est due : ${formatEuros(data.amountCents / 100)}. Votre facture ${data.invoiceNumber} est dans votre espace, avec les coordonnées bancaires pour le virement.`,
    link: webPaths.myContracts,
    actionLabel: 'Voir mes contrats',
  }),
  card_payment_failed: (data) => ({
    title: `Prélèvement refusé : facture ${data.invoiceNumber}`,
    body: `Le prélèvement de ${formatEuros(data.amountCents / 100)} pour ${data.label.toLowerCase()} de votre formation « ${data.courseTitle} » a échoué (${data.reason}). Votre accès n’est pas suspendu : enregistrez une autre carte dans votre espace ou réglez la facture par virement.`,
    link: webPaths.myContracts,
    actionLabel: 'Voir mes contrats',
  }),
  card_payment_failed_admin: (data) => ({
    title: `Prélèvement refusé : ${data.learnerName}`,
    body: `Le prélèvement de ${formatEuros(data.amountCents / 100)} (facture ${data.invoiceNumber}, ${data.label.toLowerCase()} de « ${data.courseTitle} ») a échoué : ${data.reason}. L’apprenant est prévenu ; rien n’est suspendu.`,
    link: webPaths.adminInvoices,
    actionLabel: 'Voir les factures',
  }),
  moderation_queue: (data) => ({
    title: data.kind === 'contest' ? 'Une décision de modération est contestée' : `Nouveau signalement : ${data.targetLabel.toLowerCase()}`,
    body:
      data.kind === 'contest'
        ? `L’auteur d’un contenu (${data.targetLabel.toLowerCase()}) ${quoted(data.excerpt)} conteste la décision prise : elle attend un réexamen.`
        : `Un contenu (${data.targetLabel.toLowerCase()}) ${quoted(data.excerpt)} a été signalé : il attend une décision motivée.`,
    link: webPaths.adminModeration,
    actionLabel: 'Ouvrir la modération',
  }),
  inactivity_reminder: (data) => ({
    title: data.second ? `Dernier rappel : « ${data.courseTitle} » vous attend` : `Reprenez « ${data.courseTitle} »`,
    body: `Vous n’avez pas avancé dans la formation « ${data.courseTitle} » depuis ${plural(data.days, 'jour', 'jours')}. Reprenez là où vous vous étiez arrêté : chaque leçon ne prend que quelques minutes.`,
    more: data.second
      ? ['C’est notre dernier rappel pour cette formation. Si vous rencontrez une difficulté, répondez à cet e-mail ou écrivez à votre formateur depuis la formation.']
      : ['Si vous rencontrez une difficulté, écrivez à votre formateur depuis la formation : il est là pour vous aider.'],
    link: webPaths.courseDetail(data.courseId),
    actionLabel: 'Reprendre la formation',
  }),
  cold_survey: (data) => ({
    title: data.reminder === 0 ? `Que vous a apporté « ${data.courseTitle} » ?` : `Rappel : votre avis sur « ${data.courseTitle} »`,
    body: `Vous avez terminé la formation « ${data.courseTitle} » il y a quelques semaines. Trois questions, deux minutes : qu’avez-vous mis en pratique, et quel effet sur votre travail ?`,
    more: ['Vos réponses nous aident à améliorer nos formations. Vous ne pouvez répondre qu’une fois.'],
    link: webPaths.coldSurvey(data.enrolmentId),
    actionLabel: 'Répondre à l’enquête',
  }),
  complaint_received: (data) => ({
    title: `Nouvelle réclamation : ${data.subject}`,
    body: `Une réclamation « ${data.subject} » vient d’être déposée : elle attend sa prise en charge.`,
    link: webPaths.adminQuality,
    actionLabel: 'Ouvrir la qualité',
  }),
  report_decision: (data) => ({
    title: 'Votre signalement a été examiné',
    body: `Le contenu que vous avez signalé (${data.targetLabel.toLowerCase()}) ${quoted(data.excerpt)} a été examiné par un administrateur. Décision : ${moderationOutcome[data.action]}. Motif : ${data.reason}`,
    more: ['Merci de contribuer à la sécurité de la communauté EcoForma. Vous pouvez saisir un organisme de règlement extrajudiciaire des litiges certifié ou le juge si vous contestez cette décision.'],
    link: null,
  }),
};
