import { describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/plugins/auth';
import { certificates, conversations, courseSections, lessons, meetings, notifications, quizQuestions, quizzes, type CourseRow, type LessonRow, type MeetingRow, type UserRow } from '../../src/server/db/schema';
import { courseFieldParts, expectErrorBody, roleActors, signedIn, stateFingerprint, type RoleActor, type SignedIn } from './support';
import { createTestApp } from '../../src/server/test/app';
import { newCertificateCode } from '../../src/server/modules/certificates/certificate-issue';
import { organisationValues } from '../../src/server/modules/organisations/organisation-details';
import { acceptQuote, requestQuote } from '../../src/server/modules/quotes/quotes.service';
import { randomSiret } from '../../src/server/test/siret';
import { and, eq } from 'drizzle-orm';
import { complaints, trainingContracts, discussionReplies, discussionThreads, enrolments, improvementActions, improvementSources, moderationDecisions, opportunities, organisationEnrolments, organisations, reports } from '../../src/server/db/schema';
import { issueInvoice } from '../../src/server/modules/invoices';
import { certificateSnapshot, createUser, DEFAULT_PASSWORD, setProviderSettings, enrolCompleted, insertCourse, insertMembership, insertLiveSession, insertSatisfactionAnswer, insertSeats } from '../../src/server/test/factories';
import { multipartBody, pdfDocument, pngImage, signaturePng } from '../../src/server/test/files';
import type { RestoreSnapshot } from '../../src/server/test/snapshot';
import { placeFile } from '../../src/server/test/uploads';
import { parisDay } from '../../src/shared/paris-days';

/**
 * The access-control matrix: for every API route the server declares (app.apiRoutes), the exact
 * status each kind of caller gets. A route without a row, or a row without a route, fails.
 *
 * Columns:
 * - anonymous: no token;
 * - membre, organisme, formateur (not approved), formateur (approved), admin: signed in;
 * - other: an approved trainer (the most trusted non-admin) touching another user's data, on
 *   routes that take a user, course or meeting id ('-' where the route has no id).
 *
 * Which id each column uses (path parameters are real ids made by the factories):
 * - user routes: each signed-in non-admin targets their OWN account; the admin and the visitor
 *   target the subject (a pending trainer with a CV and an interview); "other" targets the subject;
 * - course routes: every column targets a published course of the approved trainer (with an image
 *   and an attachment); "other" targets a course of another trainer, published or draft as the
 *   row says;
 * - section and lesson routes: like course routes, the first section of the course and its
 *   first lesson (a text lesson, not a free preview); nobody is enrolled in these courses;
 * - quiz and question routes: the section's second lesson, a quiz (not a free preview) with one
 *   single-choice question;
 * - meeting routes: every column targets the subject's interview;
 * - certificate routes: the member's attestation for the approved trainer's course (by id, or by
 *   code for the public verification); "other" is the approved trainer, who is not its owner;
 * - satisfaction: the member completed another published course of the approved trainer and
 *   answered its questionnaire with a comment (`ownCourse: 'rated'`); answer routes target that
 *   answer, and "other" is the approved trainer, who is not an administrator.
 * - discussion routes (thread, reply): the course's question thread, opened by its trainer, and
 *   the trainer's reply in it; nobody is enrolled, so only the trainer and administrators get in;
 * - opportunity routes (issue 26): the organisme actor's job offer, or its training request where the
 *   row says; "other" (the approved trainer) touches the other of the two, so its answer is refused
 *   (409) and changes nothing;
 * - directory and photo routes act on the caller's own entry; `GET /api/users/:id/photo` and a
 *   trainer's public page take a user like the user routes (nobody in the matrix shows a photo).
 * - moderation: report routes target an open report (by the organisme actor, on a message of the
 *   member); decision routes target a hiding decision on another message of the member, who alone
 *   may contest it; a new report targets the approved trainer's question thread (see `reportBody`).
 * - notification routes: each signed-in column (administrators included: nobody reads another's
 *   notifications) marks ITS OWN notification; "other" and the visitor target the subject's.
 * - conversation routes: every column targets the conversation between the member and the
 *   organisme (its consenting member); "other" is the approved trainer, who takes no part in it.
 * - enrolment routes (issue 27): the member's enrolment in ratedCourse (nothing done in it, so a
 *   certificat de réalisation answers 409), which the organisme actor enrolled them in with their
 *   consent; "other" targets another learner's enrolment in the other trainer's published course.
 * - block routes (`correspondent`): every column blocks or unblocks the subject; blocking someone
 *   touches no one else's data, so these rows have no "other" cell.
 *
 * Cells are exact statuses. A 2xx means the caller got through; a 404/422 in a signed-in column
 * is the service answering after the guard let the caller in (e.g. 404 "Formateur introuvable"
 * for a member reading their own trainer status). Every 401/403 cell, and every "other" refusal,
 * is also checked to have changed nothing at all (rows and files).
 */

type Cell = number | '-';
type Target = 'none' | 'contract' | 'enrolment' | 'user' | 'course' | 'section' | 'lesson' | 'quiz' | 'question' | 'meeting' | 'certificate' | 'answer' | 'notification' | 'membership' | 'organisation' | 'thread' | 'reply' | 'opportunity' | 'conversation' | 'correspondent' | 'report' | 'decision' | 'session' | 'slot' | 'complaint' | 'improvement' | 'survey' | 'quote' | 'invoice';
type Column = 'anonymous' | RoleActor | 'other';
const columns: Column[] = ['anonymous', ...roleActors, 'other'];

interface World {
  actors: Record<RoleActor, SignedIn>;
  /** A pending trainer with a CV on disk and a scheduled interview. */
  subject: UserRow;
  subjectMeeting: MeetingRow;
  /** A member who signs in with DEFAULT_PASSWORD. */
  loginAccount: UserRow;
  /** Published, by the approved trainer, with an image and an attachment. */
  ownCourse: CourseRow;
  /** Also by the approved trainer: a complete draft (one lesson, public information) and a course awaiting validation. */
  ownDraft: CourseRow;
  ownSubmitted: CourseRow;
  /** By another approved trainer: one published, one draft (both with files). */
  othersPublished: CourseRow;
  othersDraft: CourseRow;
  /** Each course's section and its lesson, by course id. */
  content: Map<number, { sectionId: number; lesson: LessonRow; quizId: number; questionId: number }>;
  /** The member's attestation for ownCourse. */
  certificate: { id: number; code: string };
  /** Published, by the approved trainer, completed by the member, who answered its questionnaire. */
  ratedCourse: CourseRow;
  /** The member's answer about ratedCourse, with a comment. */
  answer: { id: number };
  /** One unread notification of each actor, and one of the subject. */
  notifications: Record<RoleActor | 'subject', number>;
  /** The member's active membership of the organisme actor's organisation (seats for ownCourse). */
  membershipId: number;
  /** Each course's question thread (by its trainer) and the trainer's reply in it, by course id. */
  threads: Map<number, { threadId: number; replyId: number }>;
  /** Posted by the organisme actor: a job offer and a training request. */
  opportunities: { job: number; training_request: number };
  /** The conversation between the member and the organisme. */
  conversationId: number;
  /** An open report of a message of the member, and a hiding decision on another of its messages. */
  reportId: number;
  decisionId: number;
  /** Issue 27: a visitor's complaint, an improvement action drawn from it, and the member's enrolment in ratedCourse (completed: its cold survey). */
  complaintId: number;
  improvementId: number;
  surveyEnrolmentId: number;
  /** The member's enrolment in ratedCourse, shared with the organisme actor (consent, and its enrolment); "other" targets a stranger's enrolment in the other trainer's course. */
  enrolmentId: number;
  otherEnrolmentId: number;
  /** A virtual session of ownCourse and one of othersPublished, each starting in 10 minutes with one slot (its signing window open); the member is registered in ownCourse's. */
  sessions: Map<number, { sessionId: number; slotId: number }>;
  /** Issue 29: two quotes of the organisme actor for ownCourse, one pending, one accepted (its convention made). */
  quotes: { pending: number; accepted: number };
  /** Issue 29: the member's signed contrat de formation for othersPublished. */
  contractId: number;
  /** Issue 29: an unpaid invoice billed to the member (for ownCourse); every other caller but administrators gets 404. */
  invoiceId: number;
}

interface Request {
  payload?: Buffer | string | object;
  headers?: Record<string, string>;
}
type BodyFn = (world: World, caller: UserRow | null) => Request;

interface Row {
  access: string;
  target: Target;
  cells: [anonymous: Cell, membre: Cell, organisme: Cell, formateurPending: Cell, formateurApproved: Cell, admin: Cell, other: Cell];
  /** For course routes: which of the other trainer's courses the "other" column touches. */
  otherCourse?: 'published' | 'draft';
  /** For review and satisfaction routes: which of the approved trainer's courses the other columns touch (default: the published one). */
  ownCourse?: 'draft' | 'submitted' | 'rated';
  body?: BodyFn;
  /** For opportunity routes: which of the organisme's opportunities the columns touch ("other" touches the other one). */
  opportunity?: 'job' | 'training_request';
  /** A 403 given by the service's own rule instead of the route's guard, by column: its error code (default `forbidden`). */
  refusedAs?: Partial<Record<Column, string>>;
  /** A server-sent event stream: a success is read as a stream, then closed. */
  stream?: true;
  /** For quote routes: the accepted quote instead of the pending one. */
  quote?: 'accepted';
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}-${++sequence}`;

const signupBody: BodyFn = () => ({
  payload: {
    firstname: 'Inès',
    lastname: 'Matrice',
    email: `matrice-${unique()}@exemple.fr`,
    password: 'Motdepasse1',
    gender: 'female',
    birthdate: '1991-03-02',
    role: 'membre',
  },
});
const forgotBody: BodyFn = (w) => ({ payload: { email: w.loginAccount.email } });
const resetBody: BodyFn = () => ({ payload: { token: 'bGllbi1mYWJyaXF1w6ktcGFyLWxhLW1hdHJpY2U', password: 'Nouveau-passe9' } });
const changePasswordBody: BodyFn = () => ({ payload: { currentPassword: DEFAULT_PASSWORD, password: 'Nouveau-passe9' } });
const emailChangeBody: BodyFn = () => ({ payload: { email: `changement-${unique()}@exemple.fr`, currentPassword: DEFAULT_PASSWORD } });
const confirmEmailBody: BodyFn = () => ({ payload: { token: 'bGllbi1mYWJyaXF1w6ktcGFyLWxhLW1hdHJpY2U' } });
const deleteAccountBody: BodyFn = () => ({ payload: { currentPassword: DEFAULT_PASSWORD, confirmation: 'SUPPRIMER' } });
const loginBody: BodyFn = (w) => ({ payload: { email: w.loginAccount.email, password: DEFAULT_PASSWORD } });
const profileBody: BodyFn = (_w, caller) => ({
  payload: { firstName: 'Lou', lastName: 'Profil', email: caller?.email ?? 'visiteur@exemple.fr', phoneNumber: '', birthDate: '1990-05-17', gender: 'female' },
});
const cvBody: BodyFn = () => multipartRequest([{ name: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfDocument() }]);
const newCourseBody: BodyFn = () => multipartRequest([...courseFieldParts(), { name: 'image', filename: 'couverture.png', contentType: 'image/png', data: pngImage(2, 2) }]);
const courseUpdateBody: BodyFn = () => multipartRequest([{ name: 'title', data: 'Titre corrigé du cours' }]);
const adminCreateBody: BodyFn = () => ({ payload: { firstname: 'Noé', lastname: 'Créé', email: `cree-${unique()}@exemple.fr`, role: 'membre' } });
const adminUpdateBody: BodyFn = (w) => ({
  payload: { firstname: 'Sacha', lastname: 'Corrigé', email: w.subject.email, phone_number: '06 12 34 56 78', gender: 'male', birthdate: '1988-01-09', country: 'France', speciality: 'Climat' },
});
const statusBody: BodyFn = () => ({ payload: { is_valid: true } });
const rejectBody: BodyFn = () => ({ payload: { reason: 'Expérience insuffisante en animation.' } });
const meetingBody: BodyFn = () => ({ payload: { meeting_date: new Date(Date.now() + 2 * 86_400_000).toISOString() } });
const informationBody: BodyFn = () => ({ payload: { objectives: ['Composter en pied d’immeuble'], prerequisites: 'Aucun' } });
const sectionBody: BodyFn = () => ({ payload: { title: 'Chapitre de la matrice' } });
// The author's own ids: another trainer is refused before the list is compared.
const sectionOrderBody: BodyFn = (w) => ({ payload: { ids: [w.content.get(w.ownCourse.id)!.sectionId] } });
const lessonOrderBody: BodyFn = (w) => ({ payload: { ids: [w.content.get(w.ownCourse.id)!.quizId, w.content.get(w.ownCourse.id)!.lesson.id] } });
const lessonBody: BodyFn = () => ({ payload: { title: 'Leçon de la matrice', type: 'text', duration_minutes: 10, body_markdown: 'Du **texte**.' } });
const lessonUpdateBody: BodyFn = () => ({ payload: { title: 'Leçon corrigée' } });
const lessonMoveBody: BodyFn = (w) => ({ payload: { section_id: w.content.get(w.ownCourse.id)!.sectionId } });
const quizBody: BodyFn = () => ({ payload: { title: 'Quiz de la matrice', duration_minutes: 5 } });
const quizSettingsBody: BodyFn = () => ({ payload: { pass_mark: 70 } });
const questionBody: BodyFn = () => ({
  payload: { type: 'true_false', prompt: 'La matrice est complète.', options: [{ text: 'Vrai', correct: true }, { text: 'Faux', correct: false }] },
});
const questionOrderBody: BodyFn = (w) => ({ payload: { ids: [w.content.get(w.ownCourse.id)!.questionId] } });
const contractAcceptBody: BodyFn = (_w, caller) => ({ payload: { full_name: caller ? `${caller.firstname} ${caller.lastname}` : 'Visiteur Anonyme', accept: true } });
const preferencesBody: BodyFn = () => ({ payload: { email: { enrolment_confirmed: false } } });
// A well-formed token with a signature nobody made: the link is the proof, whoever calls.
const forgedUnsubscribe = `1.enrolment_confirmed.${'A'.repeat(43)}`;
const revokeBody: BodyFn = () => ({ payload: { reason: 'Attestation délivrée par erreur.' } });
const attemptBody: BodyFn = (w) => ({ payload: { answers: [{ question_id: w.content.get(w.ownCourse.id)!.questionId, option_ids: [1] }] } });
const reasonBody: BodyFn = () => ({ payload: { reason: 'Ajoutez une évaluation finale.' } });
const satisfactionBody: BodyFn = () => ({ payload: { rating: 4, comment: 'Très concret.' } });
const hideCommentBody: BodyFn = () => ({ payload: { hidden: true } });
const mediaLessonBody: BodyFn = () =>
  multipartRequest([
    { name: 'title', data: 'Fiche de la matrice' },
    { name: 'type', data: 'pdf' },
    { name: 'duration_minutes', data: '5' },
    { name: 'file', filename: 'fiche.pdf', contentType: 'application/pdf', data: pdfDocument() },
  ]);
const mediaReplaceBody: BodyFn = () => multipartRequest([{ name: 'file', filename: 'fiche.pdf', contentType: 'application/pdf', data: pdfDocument() }]);

const organisationFields = () => ({
  organisation_name: 'Asso Matrice',
  siret: randomSiret(),
  sector: 'associatif',
  size_band: '10-49',
  address: '3 rue des Lilas',
  postal_code: '69003',
  city: 'Lyon',
});
const organisationProfileBody: BodyFn = (_w, caller) => ({
  payload: { ...organisationFields(), firstname: 'Olga', lastname: 'Matrice', phone_number: '04 72 00 00 00', email: caller?.email ?? 'visiteur@exemple.fr' },
});
const inviteBody: BodyFn = () => ({ payload: { email: `invite-${unique()}@exemple.fr` } });
const importBody: BodyFn = () => ({ payload: { csv: `email\nimport-${unique()}@exemple.fr\nimport-${unique()}@exemple.fr` } });
const enrolBody: BodyFn = (w) => ({ payload: { course_id: w.ownCourse.id, member_ids: [w.membershipId] } });
// A forged invitation link: whoever reaches the service is told the invitation is not valid.
const invitationBody: BodyFn = () => ({ payload: { token: 'aW52aXRhdGlvbi1mYWJyaXF1w6llLXBhci1sYS1tYXRyaWNl', consent: true } });
// The question thread of the approved trainer's published course: only its trainer (its author) and administrators read it.
const reportBody: BodyFn = (w) => ({ payload: { target_type: 'thread', target_id: w.threads.get(w.ownCourse.id)!.threadId, reason: 'spam', explanation: 'Publicité non sollicitée.' } });
const decisionBody: BodyFn = () => ({ payload: { action: 'keep', reason: 'Message conforme aux règles.' } });
const contestBody: BodyFn = () => ({ payload: { explanation: 'Ce n’était pas de la publicité.' } });
const complaintBody: BodyFn = () => ({ payload: { subject: 'Réclamation de la matrice', description: 'Une vidéo ne se lance pas.', email: 'visiteur.matrice@exemple.fr' } });
const complaintUpdateBody: BodyFn = () => ({ payload: { status: 'in_progress' } });
const bpfEnrolmentBody: BodyFn = () => ({ payload: { trainee_type: 'other', funding_line: 'c11' } });
const bpfCourseBody: BodyFn = () => ({ payload: { objective: 'other', nsf_code: '343' } });
const bpfTrainerBody: BodyFn = () => ({ payload: { status: 'external' } });
const surveyBody: BodyFn = () => ({ payload: { practice: 'Le compostage collectif', effect: 'Moins de déchets', rating: 4 } });
const improvementBody: BodyFn = (w) => ({ payload: { title: 'Action de la matrice', source_ids: [{ type: 'complaint', id: w.complaintId }], owner: 'Claire', due: '2027-01-31', status: 'planned' } });
const seatsBody: BodyFn = (w) => ({ payload: { course_id: w.ownCourse.id, seats: 5 } });
const threadBody: BodyFn = () => ({ payload: { title: 'Question de la matrice', body: 'Où **composter** ?', kind: 'question' } });
const replyBody: BodyFn = () => ({ payload: { body: 'Au composteur collectif.' } });
const directoryBody: BodyFn = () => ({ payload: { visible: true, fields: ['headline', 'region'], accepts_messages: true, headline: 'Animatrice de la matrice', region: 'bretagne', domains: ['rse'] } });
const providerSettingsBody: BodyFn = () => ({
  payload: { legal_name: 'Organisme de test', siret: '90123456700013', nda: '11755555575', address: '1 rue du Test', postal_code: '75001', city: 'Paris', legal_representative: 'Alex Test', complaints_contact: 'qualite@exemple.fr', disability_referent: 'Sam Test', vat_regime: 'exempt_261_4_4', inactivity_reminder_days: 7, cold_survey_days: 60, evidence_retention_years: 6 },
});
const signatureBody: BodyFn = () => multipartRequest([{ name: 'signature', filename: 'signature.png', contentType: 'image/png', data: pngImage(8, 8) }]);
const photoBody: BodyFn = () => multipartRequest([{ name: 'photo', filename: 'photo.png', contentType: 'image/png', data: pngImage(8, 8) }]);
const opportunityBody: BodyFn = () => ({
  payload: { title: 'Mission de la matrice', description: 'Une mission pour vérifier les droits de chaque route.', type: 'job', region: 'bretagne', domains: ['rse'], remote: true, deadline: null },
});
const applicationBody: BodyFn = () => ({ payload: { message: 'Ma candidature de la matrice.', certificate_codes: [] } });
const proposalBody: BodyFn = () => ({ payload: { message: 'Ma proposition de la matrice.' } });
const digestBody: BodyFn = () => ({ payload: { weekly: true, domains: ['rse'] } });
// The member writes to the organisme, everyone else to the member: the member and the organisme find
// their conversation (200), the approved trainer may write to a learner of its course (201), nobody else.
const conversationBody: BodyFn = (w, caller) => ({ payload: { recipient_id: caller?.id === w.actors.membre.user.id ? w.actors.organisme.user.id : w.actors.membre.user.id } });
const messageBody: BodyFn = () => ({ payload: { body: 'Bonjour, **une question** sur le cours.' } });
const liveSessionBody: BodyFn = () => {
  const start = Date.now() + 2 * 86_400_000;
  const iso = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  return { payload: { title: 'Session de la matrice', modality: 'virtual', starts_at: iso(0), ends_at: iso(180), capacity: 5, slots: [{ starts_at: iso(0), ends_at: iso(180) }] } };
};
const liveSignatureBody: BodyFn = () => ({ payload: { signature_png: signaturePng().toString('base64') } });
const absenceBody: BodyFn = () => ({ payload: { reason: 'Rendez-vous médical.' } });
const quoteBody: BodyFn = (w) => ({ payload: { course_id: w.ownCourse.id, seats: 3 } });
const paymentBody: BodyFn = () => ({ payload: { amount: '10', received_on: parisDay(new Date()) } });
const creditNoteBody: BodyFn = () => ({ payload: { reason: 'Geste commercial de la matrice', amount: '5' } });
const notAllowed = { refusedAs: { formateurPending: 'messaging_not_allowed', admin: 'messaging_not_allowed' } } as const;

function multipartRequest(parts: Parameters<typeof multipartBody>[0]): Request {
  const { payload, headers } = multipartBody(parts);
  return { payload, headers };
}

const row = (access: string, target: Target, cells: Row['cells'], extra: Omit<Row, 'access' | 'target' | 'cells'> = {}): Row => ({ access, target, cells, ...extra });

// prettier-ignore
const matrix: Record<string, Row> = {
  //                                                                  anon membre orga f.pend f.appr admin other
  'GET /api/health':                        row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/health/live':                   row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs':                          row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs/json':                     row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs/yaml':                     row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  // swagger-ui sends its own index page back to the documentation root.
  'GET /api/docs/static/index.html':        row('public',           'none',    [302, 302, 302, 302, 302, 302, '-']),
  'GET /api/docs/static/swagger-initializer.js': row('public',      'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs/static/*':                 row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  // Given the folder of its pages (bundled with the server, decision 026), swagger-ui serves that folder here too.
  'GET /api/docs/*':                        row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),

  'POST /api/signup':                       row('public',           'none',    [201, 201, 201, 201, 201, 201, '-'], { body: signupBody }),
  'POST /api/login':                        row('public',           'none',    [200, 200, 200, 200, 200, 200, '-'], { body: loginBody }),
  'POST /api/password/forgot':             row('public',           'none',    [202, 202, 202, 202, 202, 202, '-'], { body: forgotBody }),
  // A forged link: every caller reaches the service, which refuses the token.
  'POST /api/password/reset':              row('public',           'none',    [400, 400, 400, 400, 400, 400, '-'], { body: resetBody }),
  'POST /api/logout':                       row('authenticated',    'none',    [401, 204, 204, 204, 204, 204, '-']),
  'GET /api/user/profile':                  row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  // An organisation has no person profile: its details go through PUT /api/user/organisation.
  'PUT /api/user/profile':                  row('hasPersonProfile', 'none',    [401, 200, 403, 200, 200, 200, '-'], { body: profileBody }),
  'PUT /api/user/organisation':             row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-'], { body: organisationProfileBody }),
  'PUT /api/user/password':                row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-'], { body: changePasswordBody }),
  'GET /api/user/courses':                  row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  // The account's life cycle (decision 021): every route acts on the caller's own account, none takes an id.
  'POST /api/user/email/change':            row('authenticated',    'none',    [401, 202, 202, 202, 202, 202, '-'], { body: emailChangeBody }),
  // The matrix's accounts are confirmed: the guard lets them through to the service's 409.
  'POST /api/user/email/confirmation':      row('authenticated',    'none',    [401, 409, 409, 409, 409, 409, '-']),
  // A forged link: every caller reaches the service, which refuses the token.
  'POST /api/email/confirm':                row('public',           'none',    [400, 400, 400, 400, 400, 400, '-'], { body: confirmEmailBody }),
  'GET /api/user/data':                     row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  // The approved trainer authors a published course (409); an administrator is deleted by another one (403).
  'DELETE /api/user/account':               row('authenticated',    'none',    [401, 204, 204, 204, 409, 403, '-'], { body: deleteAccountBody }),

  'POST /api/upload-cv':                    row('isTrainer',        'none',    [401, 403, 403, 201, 201, 403, '-'], { body: cvBody }),
  'GET /api/formateur/:id/status':          row('authenticated',    'user',    [401, 404, 404, 200, 200, 200, 403]),
  'GET /api/formateur/courses':             row('canAuthorCourses', 'none',    [401, 403, 403, 403, 200, 200, '-']),

  'GET /api/admin/dashboard':               row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/users':                         row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'POST /api/admin/users':                  row('isAdmin',          'none',    [401, 403, 403, 403, 403, 201, '-'], { body: adminCreateBody }),
  'GET /api/admin/users/:id':               row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403]),
  'PUT /api/admin/users/:id':               row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: adminUpdateBody }),
  'DELETE /api/admin/users/:id':            row('isAdmin',          'user',    [401, 403, 403, 403, 403, 204, 403]),
  'PUT /api/admin/users/:id/status':        row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: statusBody }),
  'POST /api/admin/users/:id/reject':       row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: rejectBody }),
  'GET /api/admin/users/:id/cv':            row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403]),
  'POST /api/admin/users/:id/meeting':      row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: meetingBody }),
  'GET /api/admin/users/:id/meeting':       row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403]),
  'GET /api/admin/meetings/:meetingId':     row('isAdmin',          'meeting', [401, 403, 403, 403, 403, 200, 403]),
  'DELETE /api/admin/users/:id/meeting':    row('isAdmin',          'user',    [401, 403, 403, 403, 403, 204, 403]),

  // Notifications: every signed-in user reads and marks their own; another's answers 404 and stays unread.
  'GET /api/notifications':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/notifications/unread-count':    row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'POST /api/notifications/:id/read':       row('authenticated',    'notification', [401, 200, 200, 200, 200, 200, 404]),
  'POST /api/notifications/read-all':       row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/user/notification-preferences': row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'PUT /api/user/notification-preferences': row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-'], { body: preferencesBody }),
  // The signed token is the proof (decision 024): a forged one opens nothing, whoever calls.
  'GET /api/notifications/unsubscribe/:link':   row('public',       'none',    [400, 400, 400, 400, 400, 400, '-']),
  'POST /api/notifications/unsubscribe/:link':  row('public',       'none',    [400, 400, 400, 400, 400, 400, '-']),

  'GET /api/courses':                       row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/categories':                    row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/courses/:id':                   row('public',           'course',  [200, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'GET /api/courses/:id/image':             row('public',           'course',  [200, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'GET /api/courses/:id/attachment':        row('authenticated',    'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'POST /api/courses':                      row('canAuthorCourses', 'none',    [401, 403, 403, 403, 201, 201, '-'], { body: newCourseBody }),
  'PUT /api/courses/:id':                   row('authenticated',    'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: courseUpdateBody }),
  // A published course is never deleted (409, courses.authoring.test.ts): the cells delete a draft,
  // which only its author and the admins see (404 for the others, as for reading it).
  'DELETE /api/courses/:id':                row('authenticated',    'course',  [401, 404, 404, 404, 204, 204, 403], { ownCourse: 'draft', otherCourse: 'published' }),
  // Its author cannot enrol in the course (issue 25).
  // ownCourse is paid (issue 29): joined through its contract, never directly (409 contract_required).
  'POST /api/courses/:id/enrolment':        row('authenticated',    'course',  [401, 409, 409, 409, 403, 409, 404], { otherCourse: 'draft', refusedAs: { formateurApproved: 'own_course' } }),
  'DELETE /api/courses/:id/enrolment':      row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'POST /api/courses/:id/saved':            row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'DELETE /api/courses/:id/saved':          row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),

  'GET /api/courses/:id/outline':           row('public',           'course',  [200, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  // Public results (indicator 2): like the course itself, a draft's are for its author and administrators.
  'GET /api/courses/:id/results':           row('public',           'course',  [200, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'GET /api/courses/:id/positioning-results': row('canAuthorCourses', 'course', [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'PUT /api/courses/:id/information':       row('canAuthorCourses', 'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: informationBody }),
  'POST /api/courses/:id/sections':         row('canAuthorCourses', 'course',  [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: sectionBody }),
  'PUT /api/courses/:id/sections/order':    row('canAuthorCourses', 'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: sectionOrderBody }),
  'PUT /api/sections/:id':                  row('canAuthorCourses', 'section', [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: sectionBody }),
  'DELETE /api/sections/:id':               row('canAuthorCourses', 'section', [401, 403, 403, 403, 204, 204, 403], { otherCourse: 'published' }),
  'POST /api/sections/:id/lessons':         row('canAuthorCourses', 'section', [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: lessonBody }),
  'POST /api/sections/:id/lessons/media':   row('canAuthorCourses', 'section', [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: mediaLessonBody }),
  'PUT /api/sections/:id/lessons/order':    row('canAuthorCourses', 'section', [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: lessonOrderBody }),
  'GET /api/lessons/:id':                   row('public',           'lesson',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'PUT /api/lessons/:id':                   row('canAuthorCourses', 'lesson',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: lessonUpdateBody }),
  'PUT /api/lessons/:id/section':           row('canAuthorCourses', 'lesson',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: lessonMoveBody }),
  // The matrix's lesson is a text lesson: the author and admins get past the guard to the service's 422.
  'PUT /api/lessons/:id/media':             row('canAuthorCourses', 'lesson',  [401, 403, 403, 403, 422, 422, 403], { otherCourse: 'published', body: mediaReplaceBody }),
  // The token is the proof of access (decision 017): a made-up one opens nothing, whoever calls.
  'GET /api/media/:link':                  row('public',           'none',    [403, 403, 403, 403, 403, 403, '-']),
  'DELETE /api/lessons/:id':                row('canAuthorCourses', 'lesson',  [401, 403, 403, 403, 204, 204, 403], { otherCourse: 'published' }),
  // Nobody in the matrix is enrolled: progress is refused to all (the feature tests cover learners).
  'POST /api/sections/:id/quizzes':         row('canAuthorCourses', 'section', [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: quizBody }),
  'GET /api/lessons/:id/quiz':              row('public',           'quiz',    [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'GET /api/lessons/:id/quiz/edit':         row('canAuthorCourses', 'quiz',    [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'PUT /api/lessons/:id/quiz':              row('canAuthorCourses', 'quiz',    [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: quizSettingsBody }),
  'POST /api/lessons/:id/quiz/questions':   row('canAuthorCourses', 'quiz',    [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: questionBody }),
  'PUT /api/lessons/:id/quiz/questions/order': row('canAuthorCourses', 'quiz', [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: questionOrderBody }),
  'PUT /api/quiz-questions/:id':            row('canAuthorCourses', 'question', [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: questionBody }),
  'DELETE /api/quiz-questions/:id':         row('canAuthorCourses', 'question', [401, 403, 403, 403, 204, 204, 403], { otherCourse: 'published' }),
  // Nobody is enrolled: every signed-in caller, author and administrators included, is refused.
  'POST /api/lessons/:id/quiz/attempts':    row('authenticated',    'quiz',    [401, 403, 403, 403, 403, 403, 403], { otherCourse: 'published', body: attemptBody }),
  'POST /api/lessons/:id/complete':         row('authenticated',    'lesson',  [401, 403, 403, 403, 403, 403, 403], { otherCourse: 'published' }),
  'GET /api/user/learning':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),

  // Publication review: the author submits a complete draft, an administrator decides on a submitted course.
  'POST /api/courses/:id/submit':           row('canAuthorCourses', 'course',  [401, 403, 403, 403, 200, 200, 404], { ownCourse: 'draft', otherCourse: 'draft' }),
  'GET /api/courses/:id/reviews':           row('canAuthorCourses', 'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'GET /api/admin/courses':                 row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'POST /api/admin/courses/:id/publish':    row('isAdmin',          'course',  [401, 403, 403, 403, 403, 200, 403], { ownCourse: 'submitted', otherCourse: 'published' }),
  'POST /api/admin/courses/:id/request-changes': row('isAdmin',     'course',  [401, 403, 403, 403, 403, 200, 403], { ownCourse: 'submitted', otherCourse: 'published', body: reasonBody }),
  'POST /api/admin/courses/:id/unpublish':  row('isAdmin',          'course',  [401, 403, 403, 403, 403, 200, 403], { otherCourse: 'published', body: reasonBody }),
  'GET /api/certificates/:code':            row('public',           'certificate', [200, 200, 200, 200, 200, 200, 200]),
  // Only the member owns the attestation: anyone else but administrators gets the 404 of a missing one.
  'GET /api/certificates/:id/pdf':          row('authenticated',    'certificate', [401, 200, 404, 404, 404, 200, 404]),
  'GET /api/admin/certificates':            row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'POST /api/admin/certificates/:id/revoke': row('isAdmin',         'certificate', [401, 403, 403, 403, 403, 200, 403], { body: revokeBody }),

  // Satisfaction: only the member completed the course; the others, author and administrators included, are refused.
  'GET /api/user/satisfaction':             row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'PUT /api/courses/:id/satisfaction':      row('authenticated',    'course',  [401, 200, 403, 403, 403, 403, 403], { ownCourse: 'rated', otherCourse: 'published', body: satisfactionBody, refusedAs: { formateurApproved: 'own_course' } }),
  // A trainer's list holds their own courses only (the feature tests check whose answers it holds).
  'GET /api/formateur/satisfaction':        row('canAuthorCourses', 'none',    [401, 403, 403, 403, 200, 200, '-']),
  'GET /api/formateur/satisfaction/export': row('canAuthorCourses', 'none',    [401, 403, 403, 403, 200, 200, '-']),
  'GET /api/admin/satisfaction':            row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/admin/satisfaction/export':     row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'PUT /api/admin/satisfaction/:id/comment': row('isAdmin',         'answer',  [401, 403, 403, 403, 403, 200, 403], { body: hideCommentBody }),

  // Organisations (decision 025): only organisation accounts use their routes, only learners answer invitations.
  'GET /api/organisation/members':          row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-']),
  'POST /api/organisation/invitations':     row('isOrganisation',   'none',    [401, 403, 201, 403, 403, 403, '-'], { body: inviteBody }),
  'POST /api/organisation/invitations/preview': row('isOrganisation', 'none',  [401, 403, 200, 403, 403, 403, '-'], { body: importBody }),
  'POST /api/organisation/invitations/import': row('isOrganisation', 'none',   [401, 403, 201, 403, 403, 403, '-'], { body: importBody }),
  'DELETE /api/organisation/members/:id':   row('isOrganisation',   'membership', [401, 403, 204, 403, 403, 403, 403]),
  'GET /api/organisation/courses':          row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-']),
  'POST /api/organisation/enrolments':      row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-'], { body: enrolBody }),
  'GET /api/organisation/dashboard':        row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-']),
  'GET /api/organisation/dashboard/export': row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-']),
  'POST /api/invitations/lookup':           row('public',           'none',    [400, 400, 400, 400, 400, 400, '-'], { body: invitationBody }),
  'POST /api/invitations/accept':           row('isLearner',        'none',    [401, 400, 403, 403, 403, 403, '-'], { body: invitationBody }),
  'POST /api/invitations/decline':          row('isLearner',        'none',    [401, 400, 403, 403, 403, 403, '-'], { body: invitationBody }),
  // Issue 25: pending invitations to the learner's confirmed address; an active membership is no invitation (404).
  'GET /api/user/invitations':              row('isLearner',        'none',    [401, 200, 403, 403, 403, 403, '-']),
  'POST /api/user/invitations/:id/accept':  row('isLearner',        'membership', [401, 404, 403, 403, 403, 403, 403], { body: () => ({ payload: { consent: true } }) }),
  'POST /api/user/invitations/:id/decline': row('isLearner',        'membership', [401, 404, 403, 403, 403, 403, 403]),
  'GET /api/user/organisations':            row('isLearner',        'none',    [401, 200, 403, 403, 403, 403, '-']),
  'DELETE /api/user/organisations/:id':     row('isLearner',        'membership', [401, 204, 403, 403, 403, 403, 403]),
  'GET /api/admin/organisations':           row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'PUT /api/admin/organisations/:id/seats': row('isAdmin',          'organisation', [401, 403, 403, 403, 403, 200, 403], { body: seatsBody }),

  // The provider's settings (issue 27): administrators only.
  // Issue 29, invoices: the buyer's own, the organisation's, the PDF for buyer and administrators (404 for others); payments and credit notes for administrators.
  'GET /api/user/invoices':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/organisation/invoices':         row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-']),
  'GET /api/invoices/:id/pdf':              row('authenticated',    'invoice', [401, 200, 404, 404, 404, 200, 404]),
  'GET /api/admin/invoices':                row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/admin/invoices.csv':            row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'POST /api/admin/invoices/:id/payments':  row('isAdmin',          'invoice', [401, 403, 403, 403, 403, 200, 403], { body: paymentBody }),
  'POST /api/admin/invoices/:id/credit-notes': row('isAdmin',       'invoice', [401, 403, 403, 403, 403, 201, 403], { body: creditNoteBody }),
  'GET /api/admin/settings':                row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'PUT /api/admin/settings':                row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-'], { body: providerSettingsBody }),
  'GET /api/admin/settings/signature':      row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'PUT /api/admin/settings/signature':      row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-'], { body: signatureBody }),

  // Evidence files (issue 27): the learner's own enrolment and administrators; anyone else gets the 404 of a missing one.
  'GET /api/enrolments/:id/evidence.zip':   row('authenticated',    'enrolment', [401, 200, 404, 404, 404, 200, 404]),
  'GET /api/admin/courses/:id/evidence.zip': row('isAdmin',         'course',  [401, 403, 403, 403, 403, 200, 403], { otherCourse: 'published' }),

  // Course discussions (issue 26): enrolled learners, the course's trainer and administrators; nobody here is enrolled.
  'GET /api/courses/:id/threads':           row('authenticated',    'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'POST /api/courses/:id/threads':          row('authenticated',    'course',  [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: threadBody }),
  'GET /api/threads/:id':                   row('authenticated',    'thread',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'POST /api/threads/:id/replies':          row('authenticated',    'thread',  [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: replyBody }),
  'POST /api/replies/:id/accept':           row('authenticated',    'reply',   [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'POST /api/threads/:id/follow':           row('authenticated',    'thread',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'POST /api/threads/:id/lock':             row('authenticated',    'thread',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  // The directory by consent (issue 26): each caller's own entry and photo; the directory for signed-in users only.
  'GET /api/user/directory':                row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'PUT /api/user/directory':                row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-'], { body: directoryBody }),
  'GET /api/user/attestations':             row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/directory':                     row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'PUT /api/user/photo':                    row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-'], { body: photoBody }),
  'DELETE /api/user/photo':                 row('authenticated',    'none',    [401, 204, 204, 204, 204, 204, '-']),
  // Nobody in the matrix has a photo, and the subject is not listed: the same 404 for all.
  'GET /api/users/:id/photo':               row('authenticated',    'user',    [401, 404, 404, 404, 404, 404, 404]),
  // Only an approved trainer has a public page: the approved trainer's own; the subject is pending (404).
  'GET /api/trainers/:id/public':           row('public',           'user',    [404, 404, 404, 404, 200, 404, 404]),

  // Opportunities: organisations and administrators post; the owner (or an administrator) manages.
  'GET /api/opportunities':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'POST /api/opportunities':                row('canPostOpportunities', 'none', [401, 403, 201, 403, 403, 201, '-'], { body: opportunityBody }),
  'GET /api/opportunities/:id':             row('authenticated',    'opportunity', [401, 200, 200, 200, 200, 200, 200]),
  'PUT /api/opportunities/:id':             row('canPostOpportunities', 'opportunity', [401, 403, 200, 403, 403, 200, 403], { body: opportunityBody }),
  'POST /api/opportunities/:id/close':      row('canPostOpportunities', 'opportunity', [401, 403, 200, 403, 403, 200, 403]),
  'DELETE /api/opportunities/:id':          row('canPostOpportunities', 'opportunity', [401, 403, 204, 403, 403, 204, 403]),
  // Its owner cannot answer its own opportunity (403); "other" answers the training request (409: a proposal is expected).
  'POST /api/opportunities/:id/applications': row('authenticated',  'opportunity', [401, 201, 403, 201, 201, 201, 409], { body: applicationBody }),
  'GET /api/opportunities/:id/applications':  row('authenticated',  'opportunity', [401, 403, 200, 403, 403, 200, 403]),
  // Approved trainers only (the service's rule, after the id), on a training request; "other" proposes on the job offer (409).
  'POST /api/opportunities/:id/proposals':  row('authenticated',    'opportunity', [401, 403, 403, 403, 201, 403, 409], { opportunity: 'training_request', body: proposalBody }),
  'GET /api/user/applications':             row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/user/activity':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/user/opportunity-digest':       row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'PUT /api/user/opportunity-digest':       row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-'], { body: digestBody }),
  // The digest's one-click unsubscribe (decision 024): the signed link is the proof; a forged one opens nothing, whoever calls.
  'GET /api/opportunities/digest/unsubscribe/:link':  row('public', 'none',  [400, 400, 400, 400, 400, 400, '-']),
  'POST /api/opportunities/digest/unsubscribe/:link': row('public', 'none',  [400, 400, 400, 400, 400, 400, '-']),
  // Issue 26: only the two participants read or write a conversation, administrators included.
  'POST /api/conversations':                row('authenticated',    'none',    [401, 200, 200, 403, 201, 403, '-'], { body: conversationBody, ...notAllowed }),
  'GET /api/conversations':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/conversations/:id/messages':    row('authenticated',    'conversation', [401, 200, 200, 403, 403, 403, 403]),
  'POST /api/conversations/:id/messages':   row('authenticated',    'conversation', [401, 201, 201, 403, 403, 403, 403], { body: messageBody }),
  'POST /api/conversations/:id/read':       row('authenticated',    'conversation', [401, 200, 200, 403, 403, 403, 403]),
  'POST /api/users/:id/block':              row('authenticated',    'correspondent', [401, 200, 200, 200, 200, 200, '-']),
  'DELETE /api/users/:id/block':            row('authenticated',    'correspondent', [401, 200, 200, 200, 200, 200, '-']),
  'GET /api/events':                        row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-'], { stream: true }),
  // Issue 26, moderation: a report of the trainer's thread: 404 for whoever cannot read the course's discussions, 422 for its author.
  'POST /api/reports':                      row('authenticated',    'none',    [401, 404, 404, 404, 422, 201, '-'], { body: reportBody }),
  'GET /api/admin/reports':                 row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'POST /api/admin/reports/:id/decision':   row('isAdmin',          'report',  [401, 403, 403, 403, 403, 200, 403], { body: decisionBody }),
  // Issue 27, attendance: beats only from enrolled learners (nobody is enrolled in ownCourse: 403 from the service).
  'POST /api/lessons/:id/activity':         row('authenticated',    'lesson',  [401, 403, 403, 403, 403, 403, 403], { body: () => ({ payload: { seq: 1 } }) }),
  // The learner, the course's trainer, administrators and a consenting organisation read an enrolment's proofs; the certificate waits for activity (409).
  'GET /api/enrolments/:id/attendance':     row('authenticated',    'enrolment', [401, 200, 200, 403, 200, 200, 403]),
  'GET /api/enrolments/:id/attendance.csv': row('authenticated',    'enrolment', [401, 200, 200, 403, 200, 200, 403]),
  'GET /api/enrolments/:id/certificate-of-completion': row('authenticated', 'enrolment', [401, 409, 409, 403, 409, 409, 403]),
  'GET /api/courses/:id/learners':          row('authenticated',    'course',  [401, 403, 403, 403, 200, 200, 403]),
  'GET /api/courses/:id/learners.csv':      row('authenticated',    'course',  [401, 403, 403, 403, 200, 200, 403]),
  'GET /api/moderation/decisions/:id':      row('authenticated',    'decision', [401, 200, 403, 403, 403, 200, 403]),
  'POST /api/moderation/decisions/:id/contest': row('authenticated', 'decision', [401, 201, 403, 403, 403, 403, 403], { body: contestBody }),
  // Issue 27, quality: anyone files a complaint (a visitor with an e-mail); administrators handle complaints, surveys and actions.
  'POST /api/complaints':                   row('public',           'none',    [201, 201, 201, 201, 201, 201, '-'], { body: complaintBody }),
  'GET /api/admin/complaints':              row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/admin/complaints.csv':          row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/admin/complaints/:id':          row('isAdmin',          'complaint', [401, 403, 403, 403, 403, 200, 403]),
  'PUT /api/admin/complaints/:id':          row('isAdmin',          'complaint', [401, 403, 403, 403, 403, 200, 403], { body: complaintUpdateBody }),
  // Issue 29, BPF: administrators only; the year is a path parameter (2026), the trainer routes target the subject (a trainer) for the admin, and 404 for a user who is not one.
  'GET /api/admin/bpf/:year':               row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'PUT /api/admin/bpf/enrolments/:id':      row('isAdmin',          'enrolment', [401, 403, 403, 403, 403, 200, 403], { body: bpfEnrolmentBody }),
  'GET /api/admin/bpf/courses/:id':         row('isAdmin',          'course',  [401, 403, 403, 403, 403, 200, 403]),
  'PUT /api/admin/bpf/courses/:id':         row('isAdmin',          'course',  [401, 403, 403, 403, 403, 200, 403], { body: bpfCourseBody }),
  'GET /api/admin/bpf/trainers/:id':        row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403]),
  'PUT /api/admin/bpf/trainers/:id':        row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: bpfTrainerBody }),
  // The cold survey of the member's completed enrolment: its learner alone, administrators included.
  'GET /api/surveys/:id':                   row('authenticated',    'survey',  [401, 200, 403, 403, 403, 403, 403]),
  'POST /api/surveys/:id':                  row('authenticated',    'survey',  [401, 201, 403, 403, 403, 403, 403], { body: surveyBody }),
  'GET /api/admin/surveys':                 row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/admin/surveys.csv':             row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/admin/improvements':            row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'POST /api/admin/improvements':           row('isAdmin',          'none',    [401, 403, 403, 403, 403, 201, '-'], { body: improvementBody }),
  'GET /api/admin/improvements.csv':        row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/admin/improvements/:id':        row('isAdmin',          'improvement', [401, 403, 403, 403, 403, 200, 403]),
  'PUT /api/admin/improvements/:id':        row('isAdmin',          'improvement', [401, 403, 403, 403, 403, 200, 403], { body: improvementBody }),
  'GET /api/admin/figures/monthly':         row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  // Issue 28, live sessions: the course's trainer and administrators plan them and keep their sheets;
  // "other" is the approved trainer on another trainer's session. The member is registered (409 to register again) and signs.
  'POST /api/courses/:id/sessions':         row('authenticated',    'course',  [401, 403, 403, 403, 201, 201, 403], { body: liveSessionBody }),
  'GET /api/courses/:id/sessions':          row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 200]),
  'PUT /api/sessions/:id':                  row('authenticated',    'session', [401, 403, 403, 403, 200, 200, 403], { body: liveSessionBody }),
  'DELETE /api/sessions/:id':               row('authenticated',    'session', [401, 403, 403, 403, 204, 204, 403]),
  // Learners enrolled in the course register themselves (nobody else is enrolled), an organisation names its members (422 without).
  'POST /api/sessions/:id/registrations':   row('authenticated',    'session', [401, 409, 422, 403, 403, 403, 403]),
  'GET /api/sessions/:id/attendance-sheet': row('authenticated',    'session', [401, 403, 403, 403, 200, 200, 403]),
  'GET /api/user/sessions':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'POST /api/slots/:id/signatures':         row('authenticated',    'slot',    [401, 201, 403, 403, 403, 403, 403], { body: liveSignatureBody }),
  'GET /api/slots/:id/sheet':               row('authenticated',    'slot',    [401, 403, 403, 403, 200, 200, 403]),
  'POST /api/slots/:id/countersignature':   row('authenticated',    'slot',    [401, 403, 403, 403, 200, 200, 403], { body: liveSignatureBody }),
  'PUT /api/slots/:id/absences/:userId':    row('authenticated',    'slot',    [401, 403, 403, 403, 200, 200, 403], { body: absenceBody }),
  'GET /api/admin/sessions':                row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/user/calendar':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'POST /api/user/calendar/rotate':         row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  // Issue 29, quotes: the organisation asks and accepts its own; its PDFs are its own and the administrators' (404 for anyone else).
  'POST /api/organisation/quotes':          row('isOrganisation',   'none',    [401, 403, 201, 403, 403, 403, '-'], { body: quoteBody }),
  'GET /api/organisation/quotes':           row('isOrganisation',   'none',    [401, 403, 200, 403, 403, 403, '-']),
  'POST /api/quotes/:id/accept':            row('isOrganisation',   'quote',   [401, 403, 200, 403, 403, 403, 403]),
  'GET /api/quotes/:id/pdf':                row('authenticated',    'quote',   [401, 404, 200, 404, 404, 200, 404]),
  'GET /api/quotes/:id/convention.pdf':     row('authenticated',    'quote',   [401, 404, 200, 404, 404, 200, 404], { quote: 'accepted' }),
  'GET /api/admin/quotes':                  row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  // Issue 29, contracts: anyone signed in reads and signs a paid course's contract (its author is refused by enrol()); a draft is 404.
  'GET /api/courses/:id/contract':          row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'GET /api/courses/:id/contract.pdf':      row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'POST /api/courses/:id/contract/accept':  row('authenticated',    'course',  [401, 201, 201, 201, 403, 201, 404], { otherCourse: 'draft', body: contractAcceptBody, refusedAs: { formateurApproved: 'own_course' } }),
  // Only the learner withdraws from their own enrolment (the member's has no contract: 409); anyone else's is 404.
  'POST /api/enrolments/:id/withdraw':      row('authenticated',    'enrolment', [401, 409, 404, 404, 404, 404, 404]),
  'GET /api/user/contracts':                row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  // The member's signed contract: the member and administrators.
  'GET /api/contracts/:id/pdf':             row('authenticated',    'contract', [401, 200, 404, 404, 404, 200, 404]),
  // Stripe driver (decision 054), off here: the member's own contract answers 409 payments_off; anyone else's is 404, administrators included.
  'POST /api/contracts/:id/card-setup':     row('authenticated',    'contract', [401, 409, 404, 404, 404, 404, 404]),
  // Stripe's webhook: public, guarded by its signature (400 when wrong: stripe.test.ts); without STRIPE_SECRET_KEY it does not exist (404).
  'POST /api/payments/stripe/webhook':      row('public',           'none',    [404, 404, 404, 404, 404, 404, '-']),
};

const { app, db, config, storage, snapshot } = await createTestApp();

function accessName(access: Access): string {
  return typeof access === 'function' ? access.name : access;
}

/**
 * Each course's chapter with a text lesson and a one-question quiz (as insertSection, insertLesson and
 * insertQuiz make them), and a thread of its author with a reply. One statement per table for all the
 * courses: the matrix builds a world for each of some 300 cells, and one statement per row was a
 * sixth of its time.
 */
async function insertCourseContents(worldCourses: CourseRow[]) {
  const sections = await db.insert(courseSections).values(worldCourses.map((course) => ({ courseId: course.id, title: 'Chapitre 1', position: 0 }))).returning();
  const sectionOf = (course: CourseRow) => sections.find((section) => section.courseId === course.id)!;
  const lessonRows = await db
    .insert(lessons)
    .values(
      sections.flatMap((section) => [
        { sectionId: section.id, title: 'Leçon 1', type: 'text' as const, durationMinutes: 10, bodyMarkdown: 'Un **paragraphe** de la leçon.', position: 0, isPreview: false },
        { sectionId: section.id, title: 'Quiz', type: 'quiz' as const, durationMinutes: 5, bodyMarkdown: null, position: 1, isPreview: false },
      ]),
    )
    .returning();
  const lessonOf = (course: CourseRow, type: 'text' | 'quiz') => lessonRows.find((lesson) => lesson.sectionId === sectionOf(course).id && lesson.type === type)!;
  const quizLessons = worldCourses.map((course) => lessonOf(course, 'quiz'));
  await db.insert(quizzes).values(quizLessons.map((lesson) => ({ lessonId: lesson.id, passMark: 80, maxAttempts: null, positioning: false })));
  const questions = await db
    .insert(quizQuestions)
    .values(
      quizLessons.map((lesson) => ({
        lessonId: lesson.id,
        position: 0,
        type: 'single' as const,
        prompt: 'Quel geste réduit le plus les déchets ?',
        options: [
          { id: 1, text: 'Éviter le produit', correct: true },
          { id: 2, text: 'Le jeter', correct: false },
        ],
        explanation: '',
      })),
    )
    .returning();
  const threadRows = await db
    .insert(discussionThreads)
    .values(worldCourses.map((course) => ({ courseId: course.id, authorId: course.authorId, kind: 'question' as const, title: 'Question du formateur', body: 'Qui a une idée ?' })))
    .returning();
  const threadOf = (course: CourseRow) => threadRows.find((thread) => thread.courseId === course.id)!;
  const replies = await db.insert(discussionReplies).values(threadRows.map((thread) => ({ threadId: thread.id, authorId: thread.authorId, body: 'Une piste.' }))).returning();
  const content = new Map<number, { sectionId: number; lesson: LessonRow; quizId: number; questionId: number }>();
  const threads = new Map<number, { threadId: number; replyId: number }>();
  for (const course of worldCourses) {
    const quiz = lessonOf(course, 'quiz');
    content.set(course.id, { sectionId: sectionOf(course).id, lesson: lessonOf(course, 'text'), quizId: quiz.id, questionId: questions.find((q) => q.lessonId === quiz.id)!.id });
    threads.set(course.id, { threadId: threadOf(course).id, replyId: replies.find((reply) => reply.threadId === threadOf(course).id)!.id });
  }
  return { content, threads };
}

async function buildWorld(): Promise<World> {
  const actors = {} as Record<RoleActor, SignedIn>;
  for (const kind of roleActors) actors[kind] = await signedIn(db, kind);
  const cv = await placeFile(storage, pdfDocument(), 'pdf');
  // Documents name the training provider: its settings are complete here.
  await setProviderSettings({ db, storage });
  const subject = await createUser(db, {
    role: 'formateur',
    isValid: false,
    cvPath: cv,
    cvOriginalName: 'cv-sujet.pdf',
    cvMimeType: 'application/pdf',
    cvSize: pdfDocument().length,
    cvUploadedAt: new Date(),
  });
  const [subjectMeeting] = await db
    .insert(meetings)
    .values({
      userId: subject.id,
      createdById: actors.admin.user.id,
      roomName: `EcoForma-${subject.id}-${Date.now()}-${unique()}`,
      url: `https://${config.jitsiDomain}/EcoForma-${subject.id}-${unique()}`,
      scheduledAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const loginAccount = await createUser(db, { role: 'membre' });
  const otherAuthor = await createUser(db, { role: 'formateur', isValid: true });
  const withFiles = async () => ({
    imagePath: await placeFile(storage, pngImage(2, 2), 'png'),
    imageMimeType: 'image/png',
    attachmentPath: await placeFile(storage, pdfDocument(), 'pdf'),
    attachmentOriginalName: 'programme.pdf',
    attachmentMimeType: 'application/pdf',
    attachmentSize: pdfDocument().length,
  });
  const ownCourse = await insertCourse(db, actors.formateurApproved.user.id, await withFiles());
  const publicInformation = { objectives: ['Composter'], targetAudience: 'Habitants', prerequisites: 'Aucun', assessmentMethods: 'Quiz', accessDelay: 'Immédiat', teachingMethods: 'À distance', accessibility: 'Accessible', contact: 'formation@exemple.fr' };
  const ownDraft = await insertCourse(db, actors.formateurApproved.user.id, { status: 'draft', ...publicInformation });
  const ownSubmitted = await insertCourse(db, actors.formateurApproved.user.id, { status: 'submitted', ...publicInformation });
  const othersPublished = await insertCourse(db, otherAuthor.id, await withFiles());
  const othersDraft = await insertCourse(db, otherAuthor.id, { status: 'draft', ...(await withFiles()) });
  const { content, threads } = await insertCourseContents([ownCourse, ownDraft, ownSubmitted, othersPublished, othersDraft]);
  const [certificate] = await db
    .insert(certificates)
    .values({ userId: actors.membre.user.id, courseId: ownCourse.id, number: `EF-2026-${unique()}`, code: newCertificateCode(), snapshot: certificateSnapshot() })
    .returning();
  const ratedCourse = await insertCourse(db, actors.formateurApproved.user.id);
  await enrolCompleted(db, actors.membre.user.id, ratedCourse.id);
  const answer = await insertSatisfactionAnswer(db, actors.membre.user.id, ratedCourse.id, { rating: 2, comment: 'Trop théorique à mon goût.' });
  const notificationIds = {} as World['notifications'];
  for (const [who, user] of [...roleActors.map((kind) => [kind, actors[kind].user] as const), ['subject', subject] as const]) {
    const [row] = await db.insert(notifications).values({ userId: user.id, kind: 'enrolment_confirmed', title: 'Inscription confirmée', body: 'Texte', link: '/user/learning' }).returning();
    notificationIds[who] = row!.id;
  }
  // The organisme actor describes its organisation; the member belongs to it; it has seats for ownCourse.
  await db.insert(organisations).values({ userId: actors.organisme.user.id, ...organisationValues({ ...organisationFields(), sector: 'associatif', size_band: '10-49' }, actors.organisme.user.email) });
  const membership = await insertMembership(db, actors.organisme.user.id, actors.membre.user);
  await insertSeats(db, actors.organisme.user.id, ownCourse.id, 10);
  const opportunity = async (type: 'job' | 'training_request') => {
    const [created] = await db
      .insert(opportunities)
      .values({ ownerId: actors.organisme.user.id, type, title: `Opportunité ${type}`, description: 'Une opportunité de la matrice.', region: 'bretagne', domains: ['rse'] })
      .returning();
    return created!.id;
  };
  const opportunityIds = { job: await opportunity('job'), training_request: await opportunity('training_request') };
  const [userAId, userBId] = [actors.membre.user.id, actors.organisme.user.id].sort((a, b) => a - b);
  const [conversation] = await db.insert(conversations).values({ userAId, userBId }).returning();
  const messageId = 1_000_000 + ++sequence;
  const [report] = await db
    .insert(reports)
    .values({ targetType: 'message', targetId: messageId, reporterId: actors.organisme.user.id, authorId: actors.membre.user.id, reason: 'spam', explanation: 'Publicité.', excerpt: 'Achetez !' })
    .returning();
  const [decision] = await db
    .insert(moderationDecisions)
    .values({ targetType: 'message', targetId: messageId + 1, authorId: actors.membre.user.id, excerpt: 'Achetez encore !', action: 'hide', reason: 'Publicité.', decidedById: actors.admin.user.id })
    .returning();
  const [complaint] = await db.insert(complaints).values({ email: 'visiteur.matrice@exemple.fr', subject: 'Réclamation', description: 'Une vidéo ne se lance pas.' }).returning();
  const [action] = await db.insert(improvementActions).values({ title: 'Action', owner: 'Claire', due: '2027-01-31' }).returning();
  await db.insert(improvementSources).values({ actionId: action!.id, complaintId: complaint!.id });
  await db.insert(organisationEnrolments).values({ organisationId: actors.organisme.user.id, userId: actors.membre.user.id, courseId: ratedCourse.id });
  const [enrolment] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, actors.membre.user.id), eq(enrolments.courseId, ratedCourse.id)));
  const stranger = await createUser(db, { role: 'membre' });
  await enrolCompleted(db, stranger.id, othersPublished.id);
  const [otherEnrolment] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, stranger.id), eq(enrolments.courseId, othersPublished.id)));
  const sessions = new Map<number, { sessionId: number; slotId: number }>();
  for (const course of [ownCourse, othersPublished]) {
    const { session, slots } = await insertLiveSession(db, course.id, { startsInMinutes: 10, slotMinutes: [60], learners: course === ownCourse ? [actors.membre.user.id] : [] });
    sessions.set(course.id, { sessionId: session.id, slotId: slots[0]!.id });
  }
  const [contract] = await db
    .insert(trainingContracts)
    .values({ userId: actors.membre.user.id, courseId: othersPublished.id, priceCents: othersPublished.priceCents, documentText: 'Contrat de formation\n\nTexte', documentSha256: 'a'.repeat(64), fullName: 'Membre Matrice', signedAt: new Date(), ipHash: 'b'.repeat(64), userAgent: 'matrice', withdrawalUntil: '2030-01-01', accessFrom: new Date() })
    .returning();
  const invoice = await issueInvoice(db, { buyer: { kind: 'user', userId: actors.membre.user.id }, lines: [{ label: 'Formation de la matrice', quantity: 1, unitAmountCents: 20_000 }], courseId: ownCourse.id, enrolmentId: null, source: { kind: 'instalment', id: 1_000_000 + ++sequence } });
  const quoteOf = (seats: number) => requestQuote(db, actors.organisme.user.id, { course_id: ownCourse.id, seats });
  const pendingQuote = await quoteOf(2);
  const acceptedQuote = await quoteOf(4);
  await acceptQuote({ db, storage }, actors.organisme.user.id, acceptedQuote.id);
  return {
    contractId: contract!.id,
    invoiceId: invoice.id,
    quotes: { pending: pendingQuote.id, accepted: acceptedQuote.id },
    complaintId: complaint!.id,
    improvementId: action!.id,
    surveyEnrolmentId: enrolment!.id,
    enrolmentId: enrolment!.id,
    otherEnrolmentId: otherEnrolment!.id,
    sessions,
    actors,
    subject,
    subjectMeeting: subjectMeeting!,
    loginAccount,
    ownCourse,
    ownDraft,
    ownSubmitted,
    othersPublished,
    othersDraft,
    content,
    certificate: certificate!,
    ratedCourse,
    answer,
    notifications: notificationIds,
    membershipId: membership.id,
    threads,
    opportunities: opportunityIds,
    conversationId: conversation!.id,
    reportId: report!.id,
    decisionId: decision!.id,
  };
}

/** Who calls, and the id the column uses for this row (see the header comment). */
function resolve(world: World, rowDef: Row, column: Column): { caller: SignedIn | null; url: (template: string) => string } {
  const caller = column === 'anonymous' ? null : column === 'other' ? world.actors.formateurApproved : world.actors[column];
  const isSelfColumn = column !== 'anonymous' && column !== 'admin' && column !== 'other';
  let id: number | null = null;
  if (rowDef.target === 'user') id = isSelfColumn ? caller!.user.id : world.subject.id;
  const own = rowDef.ownCourse === 'draft' ? world.ownDraft : rowDef.ownCourse === 'submitted' ? world.ownSubmitted : rowDef.ownCourse === 'rated' ? world.ratedCourse : world.ownCourse;
  const course = column === 'other' ? (rowDef.otherCourse === 'draft' ? world.othersDraft : world.othersPublished) : own;
  if (rowDef.target === 'course') id = course.id;
  if (rowDef.target === 'section') id = world.content.get(course.id)!.sectionId;
  if (rowDef.target === 'lesson') id = world.content.get(course.id)!.lesson.id;
  if (rowDef.target === 'quiz') id = world.content.get(course.id)!.quizId;
  if (rowDef.target === 'question') id = world.content.get(course.id)!.questionId;
  if (rowDef.target === 'meeting') id = world.subjectMeeting.id;
  if (rowDef.target === 'certificate') id = world.certificate.id;
  if (rowDef.target === 'answer') id = world.answer.id;
  if (rowDef.target === 'membership') id = world.membershipId;
  if (rowDef.target === 'organisation') id = world.actors.organisme.user.id;
  if (rowDef.target === 'thread') id = world.threads.get(course.id)!.threadId;
  if (rowDef.target === 'reply') id = world.threads.get(course.id)!.replyId;
  if (rowDef.target === 'opportunity') {
    const kind = rowDef.opportunity ?? 'job';
    id = world.opportunities[column === 'other' ? (kind === 'job' ? 'training_request' : 'job') : kind];
  }
  if (rowDef.target === 'conversation') id = world.conversationId;
  if (rowDef.target === 'correspondent') id = world.subject.id;
  if (rowDef.target === 'report') id = world.reportId;
  if (rowDef.target === 'decision') id = world.decisionId;
  if (rowDef.target === 'complaint') id = world.complaintId;
  if (rowDef.target === 'improvement') id = world.improvementId;
  if (rowDef.target === 'survey') id = world.surveyEnrolmentId;
  if (rowDef.target === 'quote') id = world.quotes[rowDef.quote ?? 'pending'];
  if (rowDef.target === 'contract') id = world.contractId;
  if (rowDef.target === 'invoice') id = world.invoiceId;
  if (rowDef.target === 'enrolment') id = column === 'other' ? world.otherEnrolmentId : world.enrolmentId;
  if (rowDef.target === 'session') id = world.sessions.get(course.id)!.sessionId;
  if (rowDef.target === 'slot') id = world.sessions.get(course.id)!.slotId;
  if (rowDef.target === 'notification') id = column === 'anonymous' || column === 'other' ? world.notifications.subject : world.notifications[column];
  return {
    caller,
    url: (template) =>
      template
        .replace(/:(id|meetingId)\b/, () => String(id))
        // A justified absence: the member, registered in the own course's session.
        .replace(/:userId\b/, () => String(world.actors.membre.user.id))
        .replace(/:code\b/, () => world.certificate.code)
        .replace(/:year\b/, '2026')
        .replace(/unsubscribe\/:link\b/, () => `unsubscribe/${forgedUnsubscribe}`)
        // The documentation's static files: one that exists.
        .replace(/\*$/, 'index.css'),
  };
}

describe('access-control matrix', () => {
  it('has exactly one row per API route, with the access rule the route declares', () => {
    const declared = new Map(app.apiRoutes.map((r) => [`${r.method} ${r.url}`, accessName(r.access)]));
    const missing = [...declared.keys()].filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !declared.has(key));
    expect(missing, 'routes without a row in the matrix').toEqual([]);
    expect(stale, 'rows naming a route that no longer exists').toEqual([]);
    for (const [key, rowDef] of Object.entries(matrix)) expect(`${key}: ${declared.get(key)}`).toBe(`${key}: ${rowDef.access}`);
    // The routes with an id have an "other user" cell, the others none.
    for (const [key, rowDef] of Object.entries(matrix)) expect(`${key}: ${rowDef.cells[6] === '-'}`).toBe(`${key}: ${rowDef.target === 'none' || rowDef.target === 'correspondent'}`);
  });

  it('has a fingerprint of the data that sees an insert, an update to the same values and a delete', async () => {
    const user = await createUser(db);
    const before = await stateFingerprint(db, storage);
    const [row] = await db.insert(notifications).values({ userId: user.id, kind: 'enrolment_confirmed', title: 'Titre', body: 'Texte', link: '/user/learning' }).returning();
    const inserted = await stateFingerprint(db, storage);
    expect(inserted).not.toBe(before);
    await db.update(notifications).set({ title: 'Titre' }).where(eq(notifications.id, row!.id));
    const updated = await stateFingerprint(db, storage);
    expect(updated).not.toBe(inserted);
    await db.delete(notifications).where(eq(notifications.id, row!.id));
    expect(await stateFingerprint(db, storage)).not.toBe(updated);
    expect(await stateFingerprint(db, storage)).toBe(await stateFingerprint(db, storage));
  });

  it('declares a response schema for every success status the matrix expects (the answers are checked and documented)', () => {
    type Documented = { description?: string; content?: object };
    const paths = (app as unknown as { swagger(): { paths: Record<string, Record<string, { responses?: Record<string, Documented> }>> } }).swagger().paths;
    // @fastify/swagger documents a route without schema.response as a bare "Default Response" 200.
    const isDeclared = (response: Documented | undefined) => response !== undefined && (response.content !== undefined || response.description !== 'Default Response');
    const undeclared = Object.entries(matrix)
      .filter(([key]) => !key.includes(' /api/docs'))
      .flatMap(([key, rowDef]) => {
        const [method, url] = key.split(' ') as [string, string];
        const responses = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.responses ?? {};
        const successes = new Set(rowDef.cells.filter((cell): cell is number => typeof cell === 'number' && cell >= 200 && cell < 300));
        return [...successes].filter((status) => !isDeclared(responses[String(status)])).map((status) => `${key} ${status}`);
      });
    expect(undeclared).toEqual([]);
  });

  // GET routes share one world (they change nothing but the audit of a CV download), and so do
  // the refusals, which are proved to change nothing at all; every other cell gets a world as
  // buildWorld leaves it, so a deletion or a logout cannot blur the next cell.
  // The cells on a shared world run first: each refusal hashes every table twice.
  let readWorld: World | undefined;
  let refusalWorld: World | undefined;
  let pristine: { world: World; restore: RestoreSnapshot } | undefined;
  /**
   * A world as buildWorld leaves it: built once, then the database's rows and the stored files are
   * brought back to that moment before each cell. Building one took 142 ms, and 310 cells did.
   */
  async function pristineWorld(): Promise<World> {
    if (pristine) {
      await pristine.restore();
      return pristine.world;
    }
    const world = await buildWorld();
    pristine = { world, restore: await snapshot() };
    return world;
  }
  const cells = Object.entries(matrix).flatMap(([key, rowDef]) =>
    columns.flatMap((column, index) => {
      const expected = rowDef.cells[index]!;
      if (expected === '-') return [];
      const method = key.split(' ')[0]!;
      const mustChangeNothing = expected === 401 || expected === 403 || column === 'other';
      return [{ key, rowDef, column, expected, mustChangeNothing, sharedWorld: method === 'GET' || mustChangeNothing }];
    }),
  );
  const cases = [...cells.filter((c) => c.sharedWorld), ...cells.filter((c) => !c.sharedWorld)];

  it.each(cases)('$key as $column → $expected', async ({ key, rowDef, column, expected, mustChangeNothing }) => {
    const [method, template] = key.split(' ') as [string, string];
    const world = method === 'GET' ? (readWorld ??= await buildWorld()) : mustChangeNothing ? (refusalWorld ??= await buildWorld()) : await pristineWorld();
    const { caller, url } = resolve(world, rowDef, column);
    const request = rowDef.body?.(world, caller?.user ?? null) ?? {};
    const before = mustChangeNothing ? await stateFingerprint(db, storage) : null;

    const streamed = rowDef.stream && expected < 300;
    const res = await app.inject({
      method: method as 'GET',
      url: url(template),
      headers: { ...request.headers, ...caller?.headers },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      // A live stream never ends by itself: its status is read, then the stream is closed.
      ...(streamed ? { payloadAsStream: true } : {}),
    });
    if (streamed) {
      expect(res.statusCode, `${method} ${url(template)} as ${column}`).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      res.stream().destroy();
      return;
    }

    expect(res.statusCode, `${method} ${url(template)} as ${column}: ${res.body.slice(0, 300)}`).toBe(expected);
    if (expected === 401) expectErrorBody(res, 'invalid_token');
    if (expected === 403) expectErrorBody(res, rowDef.refusedAs?.[column] ?? 'forbidden');
    if (expected === 302) expect(res.headers.location).toBe('/api/docs/');
    if (expected >= 400) expectErrorBody(res);
    // A refusal leaves no trace: not a row, not a session, not a file.
    if (mustChangeNothing) expect(await stateFingerprint(db, storage)).toBe(before);
  });
});
