import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { matchPath } from 'react-router';
import { pngImage } from '../src/server/test/files';
import { categories } from '../src/shared/categories';
import { passwordMessages } from '../src/shared/password';
import { webPaths, webRoutes } from '../src/shared/web-paths';
import { appRoutes } from '../src/web/app/routes';
import { bearer, signInBrowser, signupViaApi, type TestAccount } from './support/api';
import { routeJitsiStub } from './support/jitsi-stub';
import { roleAccounts, roleLabels, signedInRoles, signInAs, type RoleAccounts, type RoleName } from './support/roles';
import { addQuiz, createCourseWithLessons, enrol, submitCourse, type SeededCourse } from './support/learning';
import { expectNoAxeViolations } from './support/axe';

/**
 * axe on every route of the route table, in every role that can open it, at two widths. One table
 * below says which pages, states and roles; a route of `appRoutes` without a row fails the run.
 */

const widths = [
  { name: 'ordinateur', width: 1280, height: 800 },
  { name: 'téléphone', width: 375, height: 740 },
] as const;

const everyone = ['visiteur', ...signedInRoles] as const satisfies readonly RoleName[];
const signedIn = signedInRoles;
const courseAuthors = ['formateur-approuve', 'admin'] as const satisfies readonly RoleName[];
const adminOnly = ['admin'] as const satisfies readonly RoleName[];

/** What this run created, so the pages show real data. */
interface RunData {
  accounts: RoleAccounts;
  /** A course of the demo catalogue. */
  seededCourse: { id: number; title: string };
  /** A course the approved trainer wrote (for their list and the edit form). */
  ownCourseId: number;
  /** An unapproved trainer with a CV and a scheduled interview. */
  interviewed: TestAccount;
  interviewId: number;
  /** A member with no interview: the meeting page offers to schedule one. */
  meetingGuest: TestAccount;
  /** A course with chapters and text lessons, which the member follows. */
  learningCourse: SeededCourse;
  /** The quiz lesson at the end of `learningCourse`. */
  quizLessonId: number;
  /** A course of the approved trainer awaiting validation. */
  submittedCourse: SeededCourse;
  /** The demo course with the demo video, and its video and PDF lessons (read as an administrator). */
  demoMedia: { courseId: number; videoId: number; pdfId: number };
  /** A paid demo course: its contrat de formation (issue 29). */
  paidDemoCourse: { id: number; title: string };
  /** The member's question on the first lesson of `learningCourse`, answered and marked by its trainer. */
  discussionThreadId: number;
  /** An opportunity the organisation posted, which the member answered (issue 26). */
  opportunity: { id: number; title: string };
  /** The member's conversation with the approved trainer about `learningCourse`, a message each way. */
  conversationId: number;
  /** A virtual session of `learningCourse` starting in 10 minutes (its sign-in open), the member registered (issue 28). */
  liveSession: { sessionId: number; slotId: number };
}

interface Visit {
  /** The route of `appRoutes` this row covers, spelled as there. */
  route: string;
  /** The state shown, when it is not the page as it opens. */
  state?: string;
  roles: readonly RoleName[];
  /** The address to open. */
  url: (data: RunData) => string;
  /** The page's level-1 heading once it has loaded, for this role. */
  heading: string | RegExp | ((role: RoleName, data: RunData) => string | RegExp);
  /** Signs in as someone else than the role's usual account (a trainer at another stage). */
  account?: (data: RunData) => TestAccount;
  /** Serves the local Jitsi stand-in instead of the real script. */
  jitsi?: boolean;
  /** Brings the page to the state under test before axe runs. */
  act?: (page: Page, data: RunData) => Promise<void>;
}

const fullName = (account: TestAccount) => `${account.user.firstname} ${account.user.lastname}`;
// An organisation's profile is named after the organisation (decision 025).
const profileHeading = (role: RoleName, data: RunData) =>
  role === 'visiteur' ? '' : role === 'organisme' ? data.accounts.organisme.organisationName! : fullName(data.accounts[role]);
const notFoundAddress = '/cette-page-n-existe-pas';
const noResultQuery = 'zzqxwv introuvable';

/** The « Votre activité » panel (issue 26) of the pages reached after signing in has its answer. */
async function activityLoaded(page: Page) {
  const panel = page.getByRole('region', { name: 'Votre activité' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Chargement de votre activité…')).toHaveCount(0);
}

/** Each route, each state worth checking, and who may open it. */
const visits: Visit[] = [
  { route: webPaths.home, roles: everyone, url: () => webPaths.home, heading: 'Prêt à faire la différence ?' },
  // Signed-in users are sent on from the login and signup screens: only visitors can open them.
  { route: webPaths.login, roles: ['visiteur'], url: () => webPaths.login, heading: 'Connexion' },
  {
    route: webPaths.login,
    state: 'formulaire vide envoyé',
    roles: ['visiteur'],
    url: () => webPaths.login,
    heading: 'Connexion',
    act: async (page) => {
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByText('Veuillez saisir votre adresse e-mail')).toBeVisible();
      await expect(page.getByText('Veuillez saisir votre mot de passe')).toBeVisible();
    },
  },
  {
    route: webPaths.login,
    state: 'identifiants refusés',
    roles: ['visiteur'],
    url: () => webPaths.login,
    heading: 'Connexion',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('personne@exemple.fr');
      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('PasLeBon1');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
    },
  },
  { route: webPaths.signup, roles: ['visiteur'], url: () => webPaths.signupAs('formateur'), heading: 'Créer un compte' },
  {
    route: webPaths.signup,
    state: 'formulaire vide envoyé',
    roles: ['visiteur'],
    url: () => webPaths.signup,
    heading: 'Créer un compte',
    act: async (page) => {
      await page.getByRole('button', { name: "S'inscrire" }).click();
      await expect(page.getByText('Le prénom est obligatoire.')).toBeVisible();
      await expect(page.getByText("L'adresse e-mail est obligatoire.")).toBeVisible();
    },
  },
  // For people who cannot sign in: the visitor's page (the signed-in layout is covered by every other row).
  { route: webPaths.forgotPassword, roles: ['visiteur'], url: () => webPaths.forgotPassword, heading: 'Mot de passe oublié' },
  {
    route: webPaths.forgotPassword,
    state: 'demande envoyée',
    roles: ['visiteur'],
    url: () => webPaths.forgotPassword,
    heading: 'Mot de passe oublié',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('personne@exemple.fr');
      await page.getByRole('button', { name: 'Recevoir le lien' }).click();
      await expect(page.getByRole('status')).toContainText('Si un compte EcoForma existe');
    },
  },
  { route: webPaths.resetPassword, roles: ['visiteur'], url: () => `${webPaths.resetPassword}?token=jeton-de-la-grille`, heading: 'Nouveau mot de passe' },
  // Opened without its link's token (an address copied in part): the page says the link is missing.
  {
    route: webPaths.resetPassword,
    state: 'lien incomplet',
    roles: ['visiteur'],
    url: () => webPaths.resetPassword,
    heading: 'Nouveau mot de passe',
    act: async (page) => {
      await expect(page.getByRole('alert')).toHaveText(passwordMessages.linkMissing);
    },
  },
  {
    route: webPaths.resetPassword,
    state: 'lien expiré',
    roles: ['visiteur'],
    url: () => `${webPaths.resetPassword}?token=jeton-de-la-grille`,
    heading: 'Nouveau mot de passe',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('Nouveau-passe9');
      await page.getByRole('textbox', { name: 'Confirmer le mot de passe', exact: true }).fill('Nouveau-passe9');
      await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await expect(page.getByText("Ce lien n'est plus valable", { exact: false })).toBeVisible();
    },
  },
  { route: webPaths.confirmEmail, roles: ['visiteur'], url: () => `${webPaths.confirmEmail}?token=jeton-de-la-grille`, heading: 'Confirmer mon adresse e-mail' },
  { route: webPaths.about, roles: everyone, url: () => webPaths.about, heading: 'À propos' },
  { route: webPaths.privacy, roles: everyone, url: () => webPaths.privacy, heading: 'Politique de confidentialité' },
  { route: webPaths.terms, roles: everyone, url: () => webPaths.terms, heading: "Conditions d'utilisation" },
  { route: webPaths.cookies, roles: everyone, url: () => webPaths.cookies, heading: 'Cookies' },
  { route: webPaths.accessibility, roles: everyone, url: () => webPaths.accessibility, heading: "Déclaration d'accessibilité" },
  { route: webPaths.publicCourses, roles: everyone, url: () => webPaths.publicCourses, heading: 'Explorez nos cours' },
  {
    route: webPaths.publicCourses,
    state: 'aucun résultat',
    roles: ['visiteur'],
    url: () => `${webPaths.publicCourses}?q=${encodeURIComponent(noResultQuery)}`,
    heading: 'Explorez nos cours',
    act: async (page) => {
      await expect(page.getByText("Aucun cours ne correspond à vos critères. Essayez d'ajuster votre recherche.")).toBeVisible();
    },
  },
  { route: webRoutes.publicCourseOrCategory, roles: everyone, url: () => webPaths.publicCategory('ecologie'), heading: 'Explorez nos cours' },
  // The other themes, as the footer's links open them.
  ...categories
    .filter((category) => category.slug !== 'ecologie')
    .map((category): Visit => ({
      route: webRoutes.publicCourseOrCategory,
      state: category.name,
      roles: ['visiteur'],
      url: () => webPaths.publicCategory(category.slug),
      heading: 'Explorez nos cours',
    })),
  // A number under /courses is a course, readable without an account.
  { route: webRoutes.publicCourseOrCategory, state: 'un cours', roles: ['visiteur'], url: (data) => webPaths.publicCourse(data.seededCourse.id), heading: (_role, data) => data.seededCourse.title },
  {
    route: webPaths.waitingApproval,
    state: 'sans entretien',
    roles: signedIn,
    url: () => webPaths.waitingApproval,
    heading: (role) => (role === 'formateur-approuve' ? 'Votre compte formateur est approuvé' : "Compte en attente d'approbation"),
  },
  {
    route: webPaths.waitingApproval,
    state: 'avec un entretien planifié',
    roles: ['formateur-en-attente'],
    account: (data) => data.interviewed,
    url: () => webPaths.waitingApproval,
    heading: "Compte en attente d'approbation",
    act: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: "Entretien avec l'administrateur" })).toBeVisible();
    },
  },
  { route: webPaths.uploadCv, roles: signedIn, url: () => webPaths.uploadCv, heading: 'Envoyez votre CV' },
  {
    route: webPaths.uploadCv,
    state: 'CV déjà reçu',
    roles: ['formateur-en-attente'],
    account: (data) => data.interviewed,
    url: () => webPaths.uploadCv,
    heading: 'Envoyez votre CV',
    act: async (page) => {
      await expect(page.getByText(/^CV déjà reçu/)).toBeVisible();
    },
  },
  { route: webPaths.trainerCourses, roles: courseAuthors, url: () => webPaths.trainerCourses, heading: 'Mes cours', act: activityLoaded },
  // One answer (with a comment) about a course of the approved trainer; an administrator's own courses have none.
  {
    route: webPaths.trainerSatisfaction,
    roles: ['formateur-approuve'],
    url: () => webPaths.trainerSatisfaction,
    heading: 'Avis des apprenants',
    act: async (page) => {
      await expect(page.getByText('Le tri expliqué simplement.')).toBeVisible();
    },
  },
  {
    route: webPaths.trainerSatisfaction,
    state: 'aucun avis',
    roles: adminOnly,
    url: () => webPaths.trainerSatisfaction,
    heading: 'Avis des apprenants',
    act: async (page) => {
      await expect(page.getByText('Aucun avis pour le moment', { exact: false })).toBeVisible();
    },
  },
  { route: webPaths.addCourse, roles: courseAuthors, url: () => webPaths.addCourse, heading: 'Créer un nouveau cours' },
  {
    route: webPaths.addCourse,
    state: "modification d'un cours",
    roles: courseAuthors,
    url: (data) => `${webPaths.addCourse}?edit=${data.ownCourseId}`,
    heading: 'Modifier le cours',
    act: async (page) => {
      await expect(page.getByLabel('Titre du cours')).not.toHaveValue('');
    },
  },
  { route: webPaths.instructorCreateCourse, roles: courseAuthors, url: () => webPaths.instructorCreateCourse, heading: 'Créer un nouveau cours' },
  {
    route: webRoutes.courseContent,
    roles: courseAuthors,
    url: (data) => webPaths.courseContent(data.ownCourseId),
    heading: 'Contenu du cours',
    act: async (page) => {
      await expect(page.getByRole('list', { name: 'Chapitres du cours' }).getByRole('heading', { level: 3 })).toHaveCount(1);
    },
  },
  {
    route: webRoutes.courseContent,
    state: 'leçon ouverte en aperçu',
    roles: courseAuthors,
    url: (data) => webPaths.courseContent(data.ownCourseId),
    heading: 'Contenu du cours',
    act: async (page) => {
      await page.getByRole('button', { name: /^Modifier la leçon/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Modifier la leçon/ });
      await dialog.getByRole('tab', { name: 'Prévisualiser' }).click();
      await expect(dialog.getByRole('heading', { level: 2, name: 'Le compost en trois gestes' })).toBeVisible();
    },
  },
  {
    route: webRoutes.courseLearners,
    roles: courseAuthors,
    url: (data) => webPaths.courseLearners(data.learningCourse.id),
    heading: /^Apprenants – Trier et composter au travail$/,
    act: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Réussite par question' })).toBeVisible();
    },
  },
  {
    route: webRoutes.quizEditor,
    roles: courseAuthors,
    url: (data) => webPaths.quizEditor(data.learningCourse.id, data.quizLessonId),
    heading: /^Quiz.: Quiz du tri$/,
    act: async (page) => {
      await expect(page.getByRole('list', { name: 'Questions du quiz' }).getByRole('heading', { level: 3 })).toHaveCount(2);
    },
  },
  {
    route: webRoutes.quizEditor,
    state: 'question ouverte',
    roles: ['formateur-approuve'],
    url: (data) => webPaths.quizEditor(data.learningCourse.id, data.quizLessonId),
    heading: /^Quiz.: Quiz du tri$/,
    act: async (page) => {
      await page.getByRole('button', { name: 'Modifier la question 2' }).click();
      await expect(page.getByRole('dialog', { name: 'Modifier la question' }).getByLabel('Réponse 3', { exact: true })).toHaveValue('Pile');
    },
  },
  { route: webPaths.profile, roles: signedIn, url: () => webPaths.profile, heading: profileHeading },
  // An organisation's profile: its details and contact, no gender nor birth date (decision 025).
  { route: webPaths.profile, state: "informations de l'organisation", roles: ['organisme'], url: () => webPaths.profile, heading: profileHeading },
  {
    // Opening a course author's page sends the others to their profile, with a notice saying why.
    route: webPaths.profile,
    state: 'avis après un refus de la page « Ajouter un cours »',
    roles: ['membre', 'organisme', 'formateur-en-attente'],
    url: () => webPaths.addCourse,
    heading: profileHeading,
    act: async (page) => {
      await expect(page.getByText('Seuls les formateurs approuvés et les administrateurs peuvent créer des cours.')).toBeVisible();
    },
  },
  {
    route: webPaths.profile,
    state: 'avec un entretien planifié',
    roles: ['formateur-en-attente'],
    account: (data) => data.interviewed,
    url: () => webPaths.profile,
    heading: (_role, data) => fullName(data.interviewed),
  },
  {
    route: webPaths.profile,
    state: 'onglet Paramètres, mot de passe actuel refusé',
    roles: ['membre'],
    url: () => webPaths.profile,
    heading: profileHeading,
    act: async (page) => {
      await page.getByRole('tab', { name: 'Paramètres' }).click();
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await expect(page.getByText('Saisissez votre mot de passe actuel.')).toBeVisible();
    },
  },
  { route: webPaths.notifications, roles: signedIn, url: () => webPaths.notifications, heading: 'Notifications' },
  { route: webRoutes.messages, roles: signedIn, url: () => webPaths.messages(), heading: 'Messages' },
  {
    route: webRoutes.messages,
    state: 'une conversation',
    roles: ['membre', 'formateur-approuve'],
    url: (data) => webPaths.messages(data.conversationId),
    heading: 'Messages',
    act: async (page) => {
      await expect(page.getByRole('log').getByText('Faut-il un bac fermé ?')).toBeVisible();
    },
  },
  { route: webPaths.catalogue, roles: signedIn, url: () => webPaths.catalogue, heading: 'Explorez nos cours', act: activityLoaded },
  {
    route: webPaths.catalogue,
    state: 'aucun résultat',
    roles: ['membre'],
    url: () => `${webPaths.catalogue}?q=${encodeURIComponent(noResultQuery)}`,
    heading: 'Explorez nos cours',
    act: async (page) => {
      await expect(page.getByText("Aucun cours ne correspond à vos critères. Essayez d'ajuster votre recherche.")).toBeVisible();
    },
  },
  { route: webRoutes.courseDetail, roles: signedIn, url: (data) => webPaths.courseDetail(data.seededCourse.id), heading: (_role, data) => data.seededCourse.title },
  {
    route: webRoutes.learn,
    roles: ['membre'],
    url: (data) => webPaths.learn(data.learningCourse.id, data.learningCourse.lessonIds[0]!),
    heading: 'Les gestes du tri',
    act: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Progression dans le cours' })).toBeVisible();
    },
  },
  {
    route: webRoutes.learn,
    state: 'plan du cours ouvert',
    roles: ['membre'],
    url: (data) => webPaths.learn(data.learningCourse.id, data.learningCourse.lessonIds[1]!),
    heading: 'Le compost au bureau',
    act: async (page) => {
      const toggle = page.getByRole('button', { name: 'Afficher le plan du cours' });
      if (await toggle.isVisible()) await toggle.click();
      await expect(page.getByRole('navigation', { name: 'Plan du cours' })).toBeVisible();
    },
  },
  {
    route: webRoutes.learn,
    state: 'quiz corrigé',
    roles: ['membre'],
    url: (data) => webPaths.learn(data.learningCourse.id, data.quizLessonId),
    heading: 'Quiz du tri',
    act: async (page) => {
      await page.getByRole('radio', { name: 'Bac jaune' }).check();
      await page.getByRole('checkbox', { name: 'Pile' }).check();
      await page.getByRole('button', { name: 'Valider mes réponses' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /Votre résultat/ })).toBeVisible();
    },
  },
  {
    route: webRoutes.learn,
    state: 'non inscrit',
    roles: ['organisme'],
    url: (data) => webPaths.learn(data.learningCourse.id),
    heading: "Vous n'êtes pas inscrit à ce cours",
  },
  {
    route: webRoutes.learn,
    state: 'leçon vidéo',
    roles: adminOnly,
    url: (data) => webPaths.learn(data.demoMedia.courseId, data.demoMedia.videoId),
    heading: 'Présentation du cours en vidéo',
  },
  {
    route: webRoutes.learn,
    state: 'leçon PDF',
    roles: adminOnly,
    url: (data) => webPaths.learn(data.demoMedia.courseId, data.demoMedia.pdfId),
    heading: 'Fiche récapitulative du cours',
  },
  {
    route: webRoutes.learn,
    state: 'onglet Discussions',
    roles: ['membre'],
    url: (data) => webPaths.learn(data.learningCourse.id, data.learningCourse.lessonIds[0]!),
    heading: 'Les gestes du tri',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Discussions' }).click();
      await expect(page.getByRole('list', { name: 'Discussions de la leçon Les gestes du tri' })).toBeVisible();
      await page.getByRole('button', { name: 'Poser une question ou ouvrir une discussion' }).click();
      await expect(page.getByRole('form', { name: 'Nouvelle discussion' })).toBeVisible();
    },
  },
  // Course discussions (issue 26): the member follows the course, the approved trainer wrote it.
  {
    route: webRoutes.courseDiscussions,
    roles: ['membre', 'formateur-approuve', 'admin'],
    url: (data) => webPaths.courseDiscussions(data.learningCourse.id),
    heading: 'Discussions : Trier et composter au travail',
    act: async (page) => {
      await expect(page.getByRole('list', { name: 'Discussions du cours' }).getByRole('listitem')).not.toHaveCount(0);
    },
  },
  {
    route: webRoutes.courseDiscussions,
    state: 'discussion ouverte',
    roles: ['formateur-approuve', 'membre'],
    url: (data) => webPaths.courseDiscussions(data.learningCourse.id, data.discussionThreadId),
    heading: 'Discussions : Trier et composter au travail',
    act: async (page) => {
      await expect(page.getByText('Réponse acceptée')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Votre réponse' })).toBeVisible();
    },
  },
  {
    route: webRoutes.courseDiscussions,
    state: 'non inscrit',
    roles: ['organisme'],
    url: (data) => webPaths.courseDiscussions(data.learningCourse.id),
    heading: 'Discussions du cours',
    act: async (page) => {
      await expect(page.getByText('Les discussions de ce cours sont réservées', { exact: false })).toBeVisible();
    },
  },
  {
    route: webRoutes.courseDetail,
    state: 'onglet Discussions',
    roles: ['membre'],
    url: (data) => webPaths.courseDetail(data.learningCourse.id),
    heading: 'Trier et composter au travail',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Discussions' }).click();
      await expect(page.getByRole('list', { name: 'Discussions du cours' })).toBeVisible();
    },
  },
  { route: webPaths.myLearning, roles: signedIn, url: () => webPaths.myLearning, heading: 'Mes formations' },
  // Public, no login: an unknown code (the valid and revoked states are checked in the quiz journey and the component tests).
  { route: webRoutes.certificate, state: 'code inconnu', roles: ['visiteur'], url: () => webPaths.certificate('AAAAAAAAAAAAAAAAAAAAAA'), heading: "Vérification d'une attestation" },
  { route: webPaths.adminDashboard, roles: adminOnly, url: () => webPaths.adminDashboard, heading: 'Tableau de bord admin' },
  {
    route: webPaths.adminDashboard,
    state: 'fenêtre « Planifier une réunion » ouverte',
    roles: adminOnly,
    url: (data) => `${webPaths.adminDashboard}?q=${encodeURIComponent(data.accounts.membre.email)}`,
    heading: 'Tableau de bord admin',
    act: async (page, data) => {
      const name = fullName(data.accounts.membre);
      await page.getByRole('button', { name: `Planifier une réunion avec ${name}` }).click();
      await expect(page.getByRole('dialog', { name: `Planifier une réunion avec ${name}` })).toBeVisible();
    },
  },
  { route: webPaths.adminApprovals, roles: adminOnly, url: () => webPaths.adminApprovals, heading: "Formateurs en attente d'approbation" },
  { route: webPaths.adminMembers, roles: adminOnly, url: () => webPaths.adminMembers, heading: 'Liste des membres' },
  { route: webPaths.adminCourses, roles: adminOnly, url: () => webPaths.adminCourses, heading: 'Formations à valider' },
  {
    route: webRoutes.adminCourse,
    state: 'cours en attente de validation',
    roles: adminOnly,
    url: (data) => webPaths.adminCourse(data.submittedCourse.id),
    heading: (_role, data) => data.submittedCourse.title,
  },
  {
    route: webRoutes.adminCourse,
    state: 'demande de modifications ouverte',
    roles: adminOnly,
    url: (data) => webPaths.adminCourse(data.submittedCourse.id),
    heading: (_role, data) => data.submittedCourse.title,
    act: async (page) => {
      await page.getByRole('button', { name: 'Demander des modifications' }).click();
      await expect(page.getByRole('dialog', { name: 'Demander des modifications' })).toBeVisible();
    },
  },
  { route: webPaths.adminCertificates, roles: adminOnly, url: () => webPaths.adminCertificates, heading: 'Attestations' },
  // Organisations (decision 025); the pages with members, a CSV preview and progress are checked in e2e/organisation.spec.ts.
  { route: webPaths.organisationDashboard, roles: ['organisme'], url: () => webPaths.organisationDashboard, heading: 'Tableau de bord', act: activityLoaded },
  { route: webPaths.organisationMembers, roles: ['organisme'], url: () => webPaths.organisationMembers, heading: 'Membres' },
  {
    // A forged link: the page says the invitation is not valid.
    route: webPaths.joinOrganisation,
    roles: ['membre'],
    url: () => `${webPaths.joinOrganisation}?token=aW52aXRhdGlvbi1pbnZhbGlkZQ`,
    heading: 'Rejoindre une organisation',
    act: async (page) => {
      await expect(page.getByText("Cette invitation n'est plus valable", { exact: false })).toBeVisible();
    },
  },
  { route: webPaths.adminOrganisations, roles: adminOnly, url: () => webPaths.adminOrganisations, heading: 'Organisations' },
  {
    route: webPaths.adminSatisfaction,
    roles: adminOnly,
    url: () => webPaths.adminSatisfaction,
    heading: 'Avis des apprenants',
    act: async (page) => {
      await expect(page.getByText(/^Rose Avis \(/).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Masquer le commentaire' }).first()).toBeVisible();
    },
  },
  {
    route: webPaths.adminModeration,
    roles: adminOnly,
    url: () => webPaths.adminModeration,
    heading: 'Modération',
    act: async (page) => {
      // No module of this build serves reportable content yet: the queue may be empty.
      await expect(page.getByText(/^Aucun signalement à traiter\.$|à traiter$/).first()).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Statut' })).toBeVisible();
    },
  },
  // Issue 27: the complaints form (everyone), the cold survey (its learner), the quality screen (administrators).
  { route: webRoutes.complaint, roles: everyone, url: () => webPaths.complaint, heading: 'Déposer une réclamation' },
  {
    route: webRoutes.complaint,
    state: 'formulaire vide envoyé',
    roles: ['visiteur'],
    url: () => webPaths.complaint,
    heading: 'Déposer une réclamation',
    act: async (page) => {
      await page.getByRole('button', { name: 'Envoyer la réclamation' }).click();
      await expect(page.getByText('Indiquez votre adresse e-mail pour recevoir notre réponse.')).toBeVisible();
    },
  },
  {
    route: webRoutes.coldSurvey,
    state: 'enquête d’un autre ou introuvable',
    roles: signedIn,
    url: () => webPaths.coldSurvey(2_000_000_000),
    heading: 'Enquête après formation',
    act: async (page) => {
      await expect(page.getByRole('alert')).toContainText('Enquête introuvable.');
    },
  },
  {
    route: webRoutes.adminQuality,
    roles: adminOnly,
    url: () => webPaths.adminQuality,
    heading: 'Qualité',
    act: async (page) => {
      await expect(page.getByRole('heading', { name: 'Réclamations', level: 2 })).toBeVisible();
      await expect(page.getByText(/^Aucune réclamation\.$|^n° \d+/).first()).toBeVisible();
    },
  },
  {
    route: webRoutes.adminBpf,
    roles: adminOnly,
    // This year: the run's enrolments are there, with their anomalies and quick fixes.
    url: () => `${webPaths.adminBpf}?annee=${new Date().getFullYear()}`,
    heading: 'Bilan pédagogique et financier',
    act: async (page) => {
      await expect(page.getByRole('table', { name: 'Cadre F-1 – Type de stagiaires de l’organisme' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Anomalies à corriger', level: 2 })).toBeVisible();
    },
  },
  {
    route: webPaths.adminSettings,
    roles: adminOnly,
    url: () => webPaths.adminSettings,
    heading: 'Paramètres de l’organisme',
    act: async (page) => {
      await expect(page.getByRole('textbox', { name: 'Raison sociale' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Envoyer la signature' })).toBeVisible();
    },
  },
  // Invoices (issue 29): each caller's own list; the administrators' with its filters and the payment dialog.
  { route: webRoutes.myInvoices, roles: signedIn, url: () => webPaths.myInvoices, heading: 'Mes factures' },
  { route: webRoutes.organisationInvoices, roles: ['organisme'], url: () => webPaths.organisationInvoices, heading: 'Factures de l’organisation' },
  {
    route: webRoutes.adminInvoices,
    roles: adminOnly,
    url: () => webPaths.adminInvoices,
    heading: 'Factures',
    act: async (page) => {
      await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeVisible();
    },
  },
  {
    route: webRoutes.moderationDecision,
    state: 'décision d’un autre ou introuvable',
    roles: signedIn,
    url: () => webPaths.moderationDecision(2_000_000_000),
    heading: 'Décision de modération',
    act: async (page) => {
      await expect(page.getByRole('alert')).toContainText('Décision introuvable.');
    },
  },
  {
    route: webRoutes.adminUser,
    state: 'formateur avec CV et entretien',
    roles: adminOnly,
    url: (data) => webPaths.adminUser(data.interviewed.user.id),
    heading: (_role, data) => fullName(data.interviewed),
  },
  {
    route: webRoutes.adminUser,
    state: 'membre',
    roles: adminOnly,
    url: (data) => webPaths.adminUser(data.accounts.membre.user.id),
    heading: (_role, data) => fullName(data.accounts.membre),
  },
  {
    route: webRoutes.adminMeeting,
    state: 'entretien existant',
    roles: adminOnly,
    jitsi: true,
    url: (data) => webPaths.adminMeeting(data.interviewed.user.id, data.interviewId),
    heading: (_role, data) => `Réunion avec ${fullName(data.interviewed)}`,
    act: async (page) => {
      await expect(page.locator('iframe[data-jitsi-room]')).toBeVisible();
    },
  },
  {
    route: webRoutes.adminMeeting,
    state: 'aucune réunion programmée',
    roles: adminOnly,
    jitsi: true,
    url: (data) => webPaths.adminMeeting(data.meetingGuest.user.id),
    heading: (_role, data) => `Réunion avec ${fullName(data.meetingGuest)}`,
    act: async (page) => {
      await expect(page.getByRole('button', { name: 'Planifier une réunion' })).toBeVisible();
    },
  },
  // Live sessions (issue 28), phone-first for the learner's page.
  { route: webRoutes.courseSessions, roles: courseAuthors, url: (data) => webPaths.courseSessions(data.learningCourse.id), heading: 'Sessions en direct' },
  {
    route: webRoutes.slotSheet,
    roles: courseAuthors,
    url: (data) => webPaths.slotSheet(data.liveSession.slotId),
    heading: 'Feuille d’émargement',
    act: async (page) => {
      await expect(page.getByRole('img', { name: 'Cadre de signature' })).toBeVisible();
    },
  },
  {
    route: webRoutes.mySessions,
    roles: signedIn,
    url: () => webPaths.mySessions,
    heading: 'Mes sessions',
    act: async (page) => {
      await expect(page.getByRole('button', { name: /^Signer le créneau/ })).toBeVisible();
    },
  },
  {
    route: webRoutes.mySessions,
    state: 'signature ouverte',
    roles: signedIn,
    url: () => webPaths.mySessions,
    heading: 'Mes sessions',
    act: async (page) => {
      await page.getByRole('button', { name: /^Signer le créneau/ }).click();
      await expect(page.getByRole('img', { name: 'Cadre de signature' })).toBeVisible();
      await page.getByRole('button', { name: 'Taper mon nom' }).click();
      await expect(page.getByRole('textbox', { name: 'Votre nom complet' })).toBeVisible();
    },
  },
  { route: webRoutes.adminSessions, roles: adminOnly, url: () => webPaths.adminSessions, heading: 'Sessions en direct' },
  // Issue 29: quotes and conventions.
  { route: webRoutes.organisationQuotes, roles: ['organisme'], url: () => webPaths.organisationQuotes, heading: 'Devis et conventions' },
  { route: webRoutes.adminQuotes, roles: adminOnly, url: () => webPaths.adminQuotes, heading: 'Devis des organisations' },
  // Selling to individuals (issue 29): the contract of a paid demo course, and the learner's contracts (none yet).
  {
    route: webRoutes.courseContract,
    roles: signedIn,
    url: (data) => webPaths.courseContract(data.paidDemoCourse.id),
    heading: 'Contrat de formation',
    act: async (page) => {
      await expect(page.getByRole('button', { name: 'Signer le contrat' })).toBeVisible();
    },
  },
  { route: webRoutes.myContracts, roles: signedIn, url: () => webPaths.myContracts, heading: 'Mes contrats' },
  // The network (issue 26).
  {
    route: webPaths.directory,
    roles: signedIn,
    url: () => webPaths.directory,
    heading: 'Annuaire des membres',
    act: async (page) => {
      await expect(page.getByRole('status')).toBeVisible();
    },
  },
  {
    route: webRoutes.trainerPublic,
    roles: everyone,
    url: (data) => webPaths.trainerPublic(data.accounts['formateur-approuve'].user.id),
    heading: (_role, data) => fullName(data.accounts['formateur-approuve']),
  },
  { route: webPaths.opportunities, roles: signedIn, url: () => webPaths.opportunities, heading: 'Opportunités' },
  { route: webPaths.newOpportunity, roles: ['organisme', 'admin'], url: () => webPaths.newOpportunity, heading: 'Publier une opportunité' },
  {
    route: webPaths.newOpportunity,
    state: 'formulaire vide envoyé',
    roles: ['organisme'],
    url: () => webPaths.newOpportunity,
    heading: 'Publier une opportunité',
    act: async (page) => {
      await page.getByRole('button', { name: 'Publier' }).click();
      await expect(page.getByText('Le titre est obligatoire.')).toBeVisible();
    },
  },
  { route: webPaths.myApplications, roles: signedIn, url: () => webPaths.myApplications, heading: 'Mes candidatures' },
  { route: webRoutes.opportunity, state: 'candidature envoyée', roles: ['membre'], url: (data) => webPaths.opportunity(data.opportunity.id), heading: (_role, data) => data.opportunity.title },
  {
    route: webRoutes.opportunity,
    state: 'formulaire de candidature',
    roles: ['formateur-en-attente'],
    url: (data) => webPaths.opportunity(data.opportunity.id),
    heading: (_role, data) => data.opportunity.title,
    act: async (page) => {
      await expect(page.getByRole('button', { name: 'Envoyer ma candidature' })).toBeVisible();
    },
  },
  { route: webRoutes.opportunity, state: 'son auteur', roles: ['organisme'], url: (data) => webPaths.opportunity(data.opportunity.id), heading: (_role, data) => data.opportunity.title },
  {
    route: webRoutes.opportunityResponses,
    roles: ['organisme', 'admin'],
    url: (data) => webPaths.opportunityResponses(data.opportunity.id),
    heading: 'Candidatures reçues',
    act: async (page) => {
      await expect(page.getByRole('status')).toHaveText('1 réponse');
    },
  },
  { route: webRoutes.editOpportunity, roles: ['organisme', 'admin'], url: (data) => webPaths.editOpportunity(data.opportunity.id), heading: 'Modifier l’opportunité' },
  { route: webRoutes.notFound, roles: everyone, url: () => notFoundAddress, heading: 'Page non trouvée' },
];

/** A real 1x1 PNG: the course image the server checks by content. */
const onePixelPng = pngImage(1, 1);
const samplePdf = fs.readFileSync(path.resolve('e2e/fixtures/cv-camille-durand.pdf'));

async function prepareRunData(request: APIRequestContext): Promise<RunData> {
  const accounts = await roleAccounts(request);
  const admin = accounts.admin;

  const catalogue = await request.get('/api/courses?pageSize=1');
  expect(catalogue.ok()).toBe(true);
  const seededCourse: { id: number; title: string } = (await catalogue.json()).items[0];

  const created = await request.post('/api/courses', {
    headers: bearer(accounts['formateur-approuve']),
    multipart: {
      title: 'Compostage collectif en habitat partagé',
      description: "Organiser un site de compostage partagé : choix du lieu, animation des habitants, suivi du compost et retour d'expérience.",
      category: 'dechets',
      price: '45',
      duration: '3 semaines',
      image: { name: 'compost.png', mimeType: 'image/png', buffer: onePixelPng },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ownCourseId: number = (await created.json()).id;
  // One chapter and one lesson, so the content editor shows its lists and handles.
  const section = await request.post(`/api/courses/${ownCourseId}/sections`, { headers: bearer(accounts['formateur-approuve']), data: { title: 'Mettre en route le site' } });
  expect(section.status(), await section.text()).toBe(201);
  const lesson = await request.post(`/api/sections/${(await section.json()).id}/lessons`, {
    headers: bearer(accounts['formateur-approuve']),
    data: { type: 'text', title: 'Les premiers apports', duration_minutes: 10, is_preview: false, body_markdown: '## Le compost en trois gestes\n\nApporter, mélanger, attendre.' },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);

  const interviewed = await signupViaApi(request, 'formateur', { firstname: 'Inès', lastname: 'Entretien' });
  const cv = await request.post('/api/upload-cv', {
    headers: bearer(interviewed),
    multipart: { cv: { name: 'cv-ines-entretien.pdf', mimeType: 'application/pdf', buffer: samplePdf } },
  });
  expect(cv.ok(), await cv.text()).toBe(true);
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const scheduled = await request.post(`/api/admin/users/${interviewed.user.id}/meeting`, { headers: bearer(admin), data: { meeting_date: tomorrow } });
  expect(scheduled.ok(), await scheduled.text()).toBe(true);
  const interviewId: number = (await scheduled.json()).meeting_id;
  expect(interviewId).toBeGreaterThan(0);

  const meetingGuest = await signupViaApi(request, 'membre', { firstname: 'Gaël', lastname: 'Invité' });

  const learningCourse = await createCourseWithLessons(request, accounts['formateur-approuve'], 'Trier et composter au travail', [
    {
      title: 'Le tri',
      lessons: [
        { title: 'Les gestes du tri', duration_minutes: 12, body_markdown: '## Les bacs\n\n- **Jaune** : emballages\n- *Vert* : verre\n\nVoir [le guide](https://www.ecologie.gouv.fr) et la commande `trier`.' },
      ],
    },
    { title: 'Le compost', lessons: [{ title: 'Le compost au bureau', duration_minutes: 75, body_markdown: 'Un bac, du broyat, et de la patience.' }] },
  ], { publishedBy: admin });
  // A course awaiting validation, for the review queue and its preview.
  const submittedCourse = await createCourseWithLessons(request, accounts['formateur-approuve'], 'Réduire le gaspillage alimentaire', [
    { title: 'Mesurer', lessons: [{ title: 'Peser les restes', duration_minutes: 15, body_markdown: '## Une semaine de pesées\n\n- le midi\n- le soir' }] },
  ]);
  const quizLessonId = await addQuiz(request, accounts['formateur-approuve'], learningCourse.id, {
    title: 'Quiz du tri',
    questions: [
      { type: 'single', prompt: 'Où va une bouteille en verre ?', options: [{ text: 'Bac vert', correct: true }, { text: 'Bac jaune', correct: false }], explanation: 'Le verre a son propre bac.' },
      { type: 'multiple', prompt: 'Quels déchets vont au compost ?', options: [{ text: 'Marc de café', correct: true }, { text: 'Épluchures', correct: true }, { text: 'Pile', correct: false }] },
    ],
  });
  await submitCourse(request, accounts['formateur-approuve'], submittedCourse.id);
  await enrol(request, accounts.membre, learningCourse.id);
  // A question of the member on the first lesson, answered by the trainer, who marks the answer.
  const thread = await request.post(`/api/courses/${learningCourse.id}/threads`, {
    headers: bearer(accounts.membre),
    data: { title: 'Où jeter les emballages gras ?', body: 'Les boîtes de pizza vont-elles au **bac jaune** ?', kind: 'question', lesson_id: learningCourse.lessonIds[0] },
  });
  expect(thread.status(), await thread.text()).toBe(201);
  const discussionThreadId: number = (await thread.json()).id;
  const answer = await request.post(`/api/threads/${discussionThreadId}/replies`, { headers: bearer(accounts['formateur-approuve']), data: { body: 'Oui, si elles ne sont pas trop souillées.' } });
  expect(answer.status(), await answer.text()).toBe(201);
  const accepted = await request.post(`/api/replies/${(await answer.json()).id}/accept`, { headers: bearer(accounts['formateur-approuve']) });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  // The member asks the trainer a question about it; the trainer answers.
  const opened = await request.post('/api/conversations', { headers: bearer(accounts.membre), data: { recipient_id: accounts['formateur-approuve'].user.id, course_id: learningCourse.id } });
  expect(opened.status(), await opened.text()).toBe(201);
  const conversationId: number = (await opened.json()).id;
  for (const [author, body] of [[accounts.membre, 'Faut-il un bac fermé ?'], [accounts['formateur-approuve'], 'Oui, **fermé** et aéré.']] as const) {
    const sent = await request.post(`/api/conversations/${conversationId}/messages`, { headers: bearer(author), data: { body } });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  // A learner completes a one-lesson course of the approved trainer and rates it: the answers pages have a line to show.
  const ratedCourse = await createCourseWithLessons(request, accounts['formateur-approuve'], 'Le tri en dix minutes', [
    { title: 'Trier', lessons: [{ title: 'Les trois bacs', duration_minutes: 10, body_markdown: 'Jaune, vert, gris.' }] },
  ], { publishedBy: admin });
  const rater = await signupViaApi(request, 'membre', { firstname: 'Rose', lastname: 'Avis' });
  await enrol(request, rater, ratedCourse.id);
  const finished = await request.post(`/api/lessons/${ratedCourse.lessonIds[0]}/complete`, { headers: bearer(rater) });
  expect(finished.ok(), await finished.text()).toBe(true);
  const rated = await request.put(`/api/courses/${ratedCourse.id}/satisfaction`, { headers: bearer(rater), data: { rating: 4, comment: 'Le tri expliqué simplement.' } });
  expect(rated.ok(), await rated.text()).toBe(true);

  // A paid demo course, for its contract; the demo video is in the first free introduction.
  const paid = await request.get('/api/courses?q=bilan%20carbone');
  const paidDemoCourse: { id: number; title: string } = (await paid.json()).items.find((item: { title: string }) => item.title.startsWith('Bilan carbone'));
  const found = await request.get('/api/courses?q=introduction');
  const demo: { id: number } = (await found.json()).items.find((item: { title: string }) => item.title === 'Introduction au développement durable');
  const demoLessons: { id: number; type: string }[] = (await (await request.get(`/api/courses/${demo.id}/outline`)).json()).sections.flatMap((section: { lessons: unknown[] }) => section.lessons);
  const demoMedia = { courseId: demo.id, videoId: demoLessons.find((l) => l.type === 'video')!.id, pdfId: demoLessons.find((l) => l.type === 'pdf')!.id };
  const opportunityTitle = 'Animateur ou animatrice de compostage partagé';
  const posted = await request.post('/api/opportunities', {
    headers: bearer(accounts.organisme),
    data: { title: opportunityTitle, description: 'Animer les sites de compostage du quartier avec les habitants.', type: 'job', region: 'bretagne', domains: ['dechets'], location: 'Rennes', remote: false, deadline: null },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const opportunity = { id: (await posted.json()).id as number, title: opportunityTitle };
  const applied = await request.post(`/api/opportunities/${opportunity.id}/applications`, { headers: bearer(accounts.membre), data: { message: 'Je composte depuis deux ans.', certificate_codes: [] } });
  expect(applied.status(), await applied.text()).toBe(201);
  // A live session of the followed course, starting in 10 minutes: the member registers, its sign-in is open.
  // One clock reading for all the times: read twice, the slot could end a millisecond after its session.
  const now = Date.now();
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const planned = await request.post(`/api/courses/${learningCourse.id}/sessions`, {
    headers: bearer(accounts['formateur-approuve']),
    data: { title: 'Classe virtuelle du tri', modality: 'virtual', starts_at: at(10), ends_at: at(70), capacity: 10, slots: [{ starts_at: at(10), ends_at: at(70) }] },
  });
  expect(planned.status(), await planned.text()).toBe(201);
  const plannedSession: { id: number; slots: { id: number }[] } = await planned.json();
  const registered = await request.post(`/api/sessions/${plannedSession.id}/registrations`, { headers: bearer(accounts.membre), data: {} });
  expect(registered.status(), await registered.text()).toBe(201);
  const liveSession = { sessionId: plannedSession.id, slotId: plannedSession.slots[0]!.id };
  return { accounts, seededCourse, ownCourseId, interviewed, interviewId, meetingGuest, learningCourse, quizLessonId, submittedCourse, demoMedia, paidDemoCourse, discussionThreadId, opportunity, conversationId, liveSession };
}

let runData: Promise<RunData> | undefined;
function dataFor(request: APIRequestContext): Promise<RunData> {
  runData ??= prepareRunData(request);
  return runData;
}

/** Marks the level-1 headings of the page being left, to tell them from the next page's. */
const PREVIOUS_PAGE = 'data-a11y-previous-page';

/**
 * Opens `url` the way a link does, within the running application (history entry and the router's
 * popstate), rather than loading the whole application again: the round's later visits then cost
 * the page's own requests and rendering, not the scripts' download and start again (decision 062).
 * False when the page's heading did not come as a new element (a layout that
 * keeps its h1 element across pages): the caller then loads the page.
 */
async function navigateInApp(page: Page, url: string, heading: string | RegExp): Promise<boolean> {
  await page.evaluate(
    ({ url, marker }) => {
      for (const h1 of document.querySelectorAll('h1, [role="heading"][aria-level="1"]')) h1.setAttribute(marker, '');
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    { url, marker: PREVIOUS_PAGE },
  );
  const fresh = page.getByRole('heading', { level: 1, name: heading }).and(page.locator(`:not([${PREVIOUS_PAGE}])`));
  return fresh
    .first()
    .waitFor({ state: 'visible', timeout: 8_000 })
    .then(() => true, () => false);
}

/** The page has loaded: its heading shows, nothing is still loading, no animation is half-way. */
async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await settleMotion(page);
}

/**
 * Counts the page's API calls in flight (installed before any script of the page runs), so that
 * settling waits for the last answer rather than for 500 ms of network silence ('networkidle'),
 * which cost half a second on each of the grid's pages.
 */
async function countRequestsInFlight(page: Page) {
  await page.addInitScript(() => {
    const state = { inFlight: 0, changedAt: performance.now() };
    (window as unknown as { __requests: typeof state }).__requests = state;
    const original = window.fetch.bind(window);
    window.fetch = async (...args) => {
      state.inFlight += 1;
      state.changedAt = performance.now();
      try {
        return await original(...args);
      } finally {
        state.inFlight -= 1;
        state.changedAt = performance.now();
      }
    };
  });
}

/**
 * No API call in flight for 150 ms (a call that starts from another's answer has begun by then),
 * no progress spinner, no transition half-way (axe would measure faded colours).
 */
async function settleMotion(page: Page) {
  await page.waitForFunction(() => {
    const requests = (window as unknown as { __requests: { inFlight: number; changedAt: number } }).__requests;
    const quiet = requests.inFlight === 0 && performance.now() - requests.changedAt > 150;
    if (!quiet) return false;
    const loading = [...document.querySelectorAll('[role="progressbar"]')].some(
      (bar) => !bar.hasAttribute('aria-valuenow') && bar.getClientRects().length > 0,
    );
    const moving = document
      .getAnimations()
      .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
    return !loading && !moving;
  });
}

test('every route of the route table has a row in the accessibility table', () => {
  const covered = new Set(visits.map((visit) => visit.route));
  const missing = appRoutes.map((route) => route.path).filter((route) => !covered.has(route));
  expect(missing, 'routes of appRoutes with no row in the accessibility table').toEqual([]);
  const unknown = [...covered].filter((route) => !appRoutes.some((r) => r.path === route));
  expect(unknown, 'rows naming a route that appRoutes does not have').toEqual([]);
  const combinations = widths.reduce((sum, width) => sum + visits.reduce((n, visit) => n + rolesAt(width, visit).length, 0), 0);
  test.info().annotations.push({ type: 'combinaisons (page, rôle, largeur)', description: String(combinations) });
});

/**
 * The landing page in every role at desktop width (the menus are what changes with the role) and in
 * three at phone width. Other pages once, in the first role that opens them, except the pages whose
 * content changes with the role (the profile's tabs, the course page's author buttons), also as the
 * approved trainer and the administrator. On a phone, the pages whose layout changes there (the
 * player's outline behind a button, the messages' list then full-screen conversation), and the
 * public pages a visitor reads on a phone.
 * More combinations took longer than CI allows and found nothing the ones kept do not.
 */
const roleDependentPages: readonly string[] = [webRoutes.profile, webRoutes.courseDetail];
const roleDependentRoles: readonly RoleName[] = ['formateur-approuve', 'admin'];
const phoneHomeRoles: readonly RoleName[] = ['visiteur', 'membre', 'admin'];
// The network's pages (issue 26) are phone-first: each is checked at phone width too, and the
// catalogue for the « Votre activité » panel that tops it for a signed-in person.
const phoneLayouts: readonly string[] = [
  // What a visitor reads on a phone: the site's texts, the password pages, a certificate's check, a lost address.
  webPaths.about,
  webPaths.privacy,
  webPaths.terms,
  webPaths.cookies,
  webPaths.accessibility,
  webPaths.forgotPassword,
  webPaths.resetPassword,
  webRoutes.certificate,
  webRoutes.notFound,
  webRoutes.catalogue,
  webRoutes.learn,
  webRoutes.courseDiscussions,
  webRoutes.messages,
  webRoutes.directory,
  webRoutes.trainerPublic,
  webRoutes.opportunities,
  webRoutes.newOpportunity,
  webRoutes.myApplications,
  webRoutes.opportunity,
  webRoutes.opportunityResponses,
  webRoutes.editOpportunity,
  // A wide table of learners: checked on a phone too (issue 27).
  webRoutes.courseLearners,
  webRoutes.adminModeration,
  webRoutes.moderationDecision,
  webRoutes.complaint,
  webRoutes.coldSurvey,
  webRoutes.adminQuality,
  webRoutes.mySessions,
  webRoutes.slotSheet,
  webRoutes.courseSessions,
  webRoutes.adminSessions,
  // Quotes and conventions (issue 29): cards and a form that stack on a phone.
  webRoutes.organisationQuotes,
  webRoutes.adminQuotes,
  webRoutes.courseContract,
  webRoutes.myContracts,
  // Tables of invoices: checked on a phone too (issue 29).
  webRoutes.myInvoices,
  webRoutes.adminInvoices,
  webRoutes.adminBpf,
];
function rolesAt(width: (typeof widths)[number], visit: Visit): readonly RoleName[] {
  const phone = width.width < 1000;
  if (visit.route === webPaths.home) return phone ? visit.roles.filter((role) => phoneHomeRoles.includes(role)) : visit.roles;
  if (phone) return phoneLayouts.includes(visit.route) ? visit.roles.slice(0, 1) : [];
  if (!visit.state && roleDependentPages.includes(visit.route)) return visit.roles.filter((role, index) => index === 0 || roleDependentRoles.includes(role));
  return visit.roles.slice(0, 1);
}

/**
 * The checks of one browser page, in order: a role's pages at one width share a page, signed in
 * once, so each visit costs a page load and an axe run rather than a new browser context with a
 * cold cache and a sign-in; a visit as a particular account gets a page of its own.
 */
interface Round {
  title: string;
  role: RoleName;
  visits: Visit[];
}
function roundsAt(width: (typeof widths)[number]): Round[] {
  const rounds: Round[] = [];
  for (const role of ['visiteur', ...signedInRoles] as const) {
    const visitsOfRole = visits.filter((visit) => rolesAt(width, visit).includes(role));
    const shared = visitsOfRole.filter((visit) => !visit.account);
    if (shared.length > 0) rounds.push({ title: `${roleLabels[role]} : ${shared.length} page(s)`, role, visits: shared });
    for (const visit of visitsOfRole.filter((v) => v.account)) rounds.push({ title: `${visitTitle(visit)} en ${roleLabels[role]}`, role, visits: [visit] });
  }
  return rounds;
}
const visitTitle = (visit: Visit) => `${visit.route}${visit.state ? ` (${visit.state})` : ''}`;
/** Time for one visit of a round, on a loaded machine (the test's own timeout is per round). */
const VISIT_TIMEOUT_MS = 20_000;

// The rounds spread over both workers (each prepares its own data).
test.describe.configure({ mode: 'parallel' });

for (const width of widths) {
  test.describe(`axe, ${width.name} (${width.width} px)`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    for (const round of roundsAt(width)) {
      test(round.title, async ({ page, request }) => {
        test.setTimeout(30_000 + round.visits.length * VISIT_TIMEOUT_MS);
        const data = await dataFor(request);
        const account = round.visits[0]!.account;
        if (account) await signInBrowser(page, account(data));
        else await signInAs(page, data.accounts, round.role);
        if (round.visits.some((visit) => visit.jitsi)) await routeJitsiStub(page);
        await countRequestsInFlight(page);

        let previous: Visit | undefined;
        for (const visit of round.visits) {
          await test.step(visitTitle(visit), async () => {
            const heading = typeof visit.heading === 'function' ? visit.heading(round.role, data) : visit.heading;
            // The same route again would keep its component, and the state the last visit left in it.
            if (!previous || previous.route === visit.route || !(await navigateInApp(page, visit.url(data), heading))) await page.goto(visit.url(data));
            previous = visit;
            await settle(page, heading);
            if (visit.act) {
              await visit.act(page, data);
              // Not the heading again: an open dialog hides the page behind it from assistive technologies.
              await settleMotion(page);
            }
            // A guard that sent this role elsewhere would make the check meaningless.
            expect(matchPath({ path: visit.route, end: true }, new URL(page.url()).pathname), page.url()).not.toBeNull();
            await expectNoAxeViolations(page);
          });
        }
      });
    }
  });
}
