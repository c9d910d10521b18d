/**
 * The pages Lighthouse measures beyond the four of issue 16: every page a user reaches that issues
 * 26 to 29 added (the network, quality, live sessions, contracts, invoices, quotes, the BPF), each
 * opened by the role that uses it, with enough data that it shows what it is for (a conversation,
 * a discussion, an opportunity with an answer, a live session, a moderation decision…).
 */
import { and, eq } from 'drizzle-orm';
import { enrolments, users } from '../src/server/db/schema';
import { createSession } from '../src/server/lib/sessions';
import { createStorage } from '../src/server/lib/storage';
import { DEMO_TRAINER_EMAIL } from '../src/server/modules/courses/demo-seed';
import { createOrganisation, createUser, enrolCompleted, insertCourse, insertLesson, insertLiveSession, insertSection, setProviderSettings } from '../src/server/test/factories';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import type { UserRow } from '../src/server/db/schema';

export type Role = 'visiteur' | 'membre' | 'organisme' | 'formateur' | 'admin';

export interface MeasuredPage {
  label: string;
  /** The address to open. */
  path: string;
  /** The address as the report shows it (ids as `{id}`). */
  shown: string;
  /** The screens' sources (in Vite's manifest) the page loads. */
  own: string[];
  /** Whose session is in the local storage while it is measured. */
  role: Role;
}

/** What the web app keeps in localStorage for a signed-in user (spec section 3). */
export function storageFor(user: Pick<UserRow, 'id' | 'role' | 'firstname' | 'lastname' | 'email' | 'isValid'>, token: string): Record<string, string> {
  return {
    accessToken: token,
    token,
    userId: String(user.id),
    userRole: user.role,
    firstName: user.firstname,
    lastName: user.lastname,
    email: user.email,
    isApproved: String(user.role !== 'formateur' || user.isValid),
  };
}

/**
 * Writes the data the pages show (through the API where a rule applies, straight into the
 * database otherwise) and returns the pages with each role's local storage. `learner` is the
 * player's learner, enrolled in `courseId` (a demo course of the demo trainer).
 */
export async function roundPages(
  database: Database,
  config: Config,
  url: string,
  { courseId, learner }: { courseId: number; learner: { id: number; storage: Record<string, string> } },
): Promise<{ pages: MeasuredPage[]; storage: Record<Exclude<Role, 'visiteur'>, Record<string, string>> }> {
  const { db } = database;
  const [trainer] = await db.select().from(users).where(eq(users.email, DEMO_TRAINER_EMAIL));
  if (!trainer) throw new Error('Le catalogue de démonstration n’a pas sa formatrice.');
  const admin = await createUser(db, { role: 'admin', firstname: 'Adèle', lastname: 'Administratrice' });
  const organisation = await createOrganisation(db, { name: 'Association Les Jardins Partagés' });
  const tokens = {
    formateur: await createSession(db, trainer.id),
    admin: await createSession(db, admin.id),
    organisme: await createSession(db, organisation.id),
    membre: learner.storage.accessToken!,
  };
  const api = async <T>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} : ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  // The documents (contract, invoices) need the provider's identity.
  await setProviderSettings({ db, storage: await createStorage(config) });

  // A question of the learner in the course, answered by its trainer; another thread, reported and hidden.
  const thread = await api<{ id: number }>('POST', `/api/courses/${courseId}/threads`, tokens.membre, {
    title: 'Où jeter les emballages gras ?',
    body: 'Les boîtes de pizza vont-elles au **bac jaune** ?',
    kind: 'question',
  });
  await api('POST', `/api/threads/${thread.id}/replies`, tokens.formateur, { body: 'Oui, si elles ne sont pas trop souillées.' });
  const hidden = await api<{ id: number }>('POST', `/api/courses/${courseId}/threads`, tokens.membre, {
    title: 'Une adresse pour acheter moins cher',
    body: 'Écrivez-moi sur un autre site pour les bons plans.',
    kind: 'discussion',
  });
  const report = await api<{ id: number }>('POST', '/api/reports', tokens.formateur, {
    target_type: 'thread',
    target_id: hidden.id,
    reason: 'spam',
    explanation: 'Une publicité sans rapport avec le cours.',
  });
  const decision = await api<{ id: number }>('POST', `/api/admin/reports/${report.id}/decision`, tokens.admin, {
    action: 'hide',
    reason: 'Publicité sans rapport avec le cours (conditions d’utilisation, article 6).',
  });

  // A conversation of the learner with the trainer, a message each way.
  const conversation = await api<{ id: number }>('POST', '/api/conversations', tokens.membre, { recipient_id: trainer.id, course_id: courseId });
  await api('POST', `/api/conversations/${conversation.id}/messages`, tokens.membre, { body: 'Faut-il un bac fermé ?' });
  await api('POST', `/api/conversations/${conversation.id}/messages`, tokens.formateur, { body: 'Oui, **fermé** et aéré.' });

  // An opportunity of the organisation, which the learner answered.
  const opportunity = await api<{ id: number }>('POST', '/api/opportunities', tokens.organisme, {
    title: 'Animateur ou animatrice de compostage partagé',
    description: 'Animer les sites de compostage du quartier avec les habitants, deux demi-journées par semaine.',
    type: 'job',
    region: 'bretagne',
    domains: ['dechets'],
    location: 'Rennes',
    remote: false,
    deadline: null,
  });
  await api('POST', `/api/opportunities/${opportunity.id}/applications`, tokens.membre, { message: 'Je composte depuis deux ans.', certificate_codes: [] });

  // A live session of the course in 10 minutes (its sign-in sheet open), the learner registered.
  const live = await insertLiveSession(db, courseId, { startsInMinutes: 10, slotMinutes: [60], learners: [learner.id], title: 'Classe virtuelle du tri' });

  // A course the learner completed three months ago: its cold survey.
  const finished = await insertCourse(db, trainer.id, { title: 'Le tri en dix minutes', priceCents: 0 });
  await insertLesson(db, (await insertSection(db, finished.id)).id, { title: 'Les trois bacs' });
  await enrolCompleted(db, learner.id, finished.id, new Date(Date.now() - 90 * 86_400_000));
  const [enrolment] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, learner.id), eq(enrolments.courseId, finished.id)));

  // A paid demo course, for its contrat de formation.
  const paid = await api<{ items: Array<{ id: number; title: string }> }>('GET', '/api/courses?q=bilan%20carbone', tokens.membre);
  const paidCourse = paid.items.find((item) => item.title.startsWith('Bilan carbone'));
  if (!paidCourse) throw new Error('Le catalogue de démonstration n’a pas son cours payant « Bilan carbone ».');

  const page = (role: Role, label: string, path: string, shown: string, own: string) => ({ role, label, path, shown, own: [`features/${own}.tsx`] });
  const pages: MeasuredPage[] = [
    page('visiteur', 'réclamation', '/reclamation', '/reclamation', 'quality/pages/ComplaintPage'),
    page('visiteur', 'page publique d’un formateur', `/formateurs/${trainer.id}`, '/formateurs/{id}', 'directory/pages/TrainerPublicPage'),
    page('membre', 'messagerie, une conversation ouverte', `/messages/${conversation.id}`, '/messages/{id}', 'messages/pages/MessagesPage'),
    page('membre', 'discussions d’un cours', `/user/courses/${courseId}/discussions`, '/user/courses/{id}/discussions', 'discussions/pages/CourseDiscussionsPage'),
    page('membre', 'annuaire', '/annuaire', '/annuaire', 'directory/pages/DirectoryPage'),
    page('membre', 'opportunités', '/opportunites', '/opportunites', 'opportunities/pages/OpportunitiesPage'),
    page('membre', 'une opportunité', `/opportunites/${opportunity.id}`, '/opportunites/{id}', 'opportunities/pages/OpportunityPage'),
    page('membre', 'mes candidatures', '/opportunites/mes-candidatures', '/opportunites/mes-candidatures', 'opportunities/pages/MyApplicationsPage'),
    page('membre', 'décision de modération', `/moderation/decisions/${decision.id}`, '/moderation/decisions/{id}', 'moderation/pages/DecisionPage'),
    page('membre', 'enquête à froid', `/enquete/${enrolment!.id}`, '/enquete/{id}', 'quality/pages/SurveyPage'),
    page('membre', 'mes sessions en direct', '/user/sessions', '/user/sessions', 'sessions/pages/MySessionsPage'),
    page('membre', 'contrat de formation', `/user/courses/${paidCourse.id}/contrat`, '/user/courses/{id}/contrat', 'contracts/pages/ContractPage'),
    page('membre', 'mes contrats', '/user/contrats', '/user/contrats', 'contracts/pages/MyContractsPage'),
    page('membre', 'mes factures', '/mes-factures', '/mes-factures', 'invoices/pages/MyInvoicesPage'),
    page('organisme', 'publier une opportunité', '/opportunites/nouvelle', '/opportunites/nouvelle', 'opportunities/pages/NewOpportunityPage'),
    page('organisme', 'candidatures d’une opportunité', `/opportunites/${opportunity.id}/candidatures`, '/opportunites/{id}/candidatures', 'opportunities/pages/OpportunityResponsesPage'),
    page('organisme', 'modifier une opportunité', `/opportunites/${opportunity.id}/modifier`, '/opportunites/{id}/modifier', 'opportunities/pages/EditOpportunityPage'),
    page('organisme', 'factures de l’organisation', '/organisme/factures', '/organisme/factures', 'invoices/pages/OrganisationInvoicesPage'),
    page('organisme', 'devis de l’organisation', '/organisme/devis', '/organisme/devis', 'quotes/pages/OrganisationQuotesPage'),
    page('formateur', 'apprenants d’un cours', `/formateur/courses/${courseId}/apprenants`, '/formateur/courses/{id}/apprenants', 'attendance/pages/CourseLearnersPage'),
    page('formateur', 'sessions d’un cours', `/formateur/courses/${courseId}/sessions`, '/formateur/courses/{id}/sessions', 'sessions/pages/CourseSessionsPage'),
    page('formateur', 'feuille d’émargement', `/formateur/creneaux/${live.slots[0]!.id}`, '/formateur/creneaux/{id}', 'sessions/pages/SlotSheetPage'),
    page('admin', 'modération', '/admin/moderation', '/admin/moderation', 'moderation/pages/AdminModerationPage'),
    page('admin', 'qualité', '/admin/qualite', '/admin/qualite', 'quality/pages/AdminQualityPage'),
    page('admin', 'paramètres de l’organisme', '/admin/parametres', '/admin/parametres', 'provider/pages/SettingsPage'),
    page('admin', 'sessions en direct', '/admin/sessions', '/admin/sessions', 'sessions/pages/AdminSessionsPage'),
    page('admin', 'factures', '/admin/factures', '/admin/factures', 'invoices/pages/AdminInvoicesPage'),
    page('admin', 'devis', '/admin/devis', '/admin/devis', 'quotes/pages/AdminQuotesPage'),
    page('admin', 'bilan pédagogique et financier', '/admin/bpf', '/admin/bpf', 'bpf/pages/AdminBpfPage'),
  ];
  return {
    pages,
    storage: {
      membre: learner.storage,
      organisme: storageFor(organisation, tokens.organisme),
      formateur: storageFor(trainer, tokens.formateur),
      admin: storageFor(admin, tokens.admin),
    },
  };
}
