import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { learningItem } from '../test/fixtures';
import MyLearningPage from './MyLearningPage';

const routes = { '/user/learning': <MyLearningPage />, '*': <Arrival /> };

afterEach(() => vi.unstubAllGlobals());

describe('MyLearningPage', () => {
  it('lists the courses with their image, progress and a button to resume where the server says', async () => {
    signInAs(sessionUser());
    mockApi({
      'GET /api/user/learning': {
        body: {
          items: [
            learningItem({ course_id: 7, title: 'Zéro déchet en entreprise', image: '/uploads/courses/7/image.png', completed: 2, total: 5, percent: 40, last_lesson_id: 33 }),
            learningItem({ course_id: 8, title: 'Biodiversité au jardin', completed: 0, total: 4, percent: 0, last_lesson_id: 41 }),
          ],
          saved: [],
        },
      },
    });
    renderRoutes('/user/learning', routes, { showLocation: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes formations' })).toBeInTheDocument();
    expect(document.title).toBe('Mes formations – EcoForma');
    const started = await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise' });
    expect(within(started).getByRole('heading', { level: 2, name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
    expect(started.querySelector('img')).toHaveAttribute('src', '/uploads/courses/7/image.png');
    expect(within(started).getByRole('progressbar', { name: 'Progression\u00a0: Zéro déchet en entreprise' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(started).getByText('40 %')).toBeInTheDocument();
    expect(within(started).getByText('2 leçons sur 5', { exact: false })).toBeInTheDocument();
    expect(within(started).getByRole('link', { name: 'Reprendre' })).toHaveAttribute('href', '/user/courses/7/learn/33');
    // Not finished: no completion date.
    expect(within(started).queryByText(/Terminé/)).not.toBeInTheDocument();

    const fresh = screen.getByRole('listitem', { name: 'Biodiversité au jardin' });
    expect(within(fresh).getByText('0 leçon sur 4', { exact: false })).toBeInTheDocument();
    expect(within(fresh).queryByRole('link', { name: 'Reprendre' })).not.toBeInTheDocument();
    await userEvent.click(within(fresh).getByRole('link', { name: 'Commencer' }));
    expect(screen.getByTestId('adresse')).toHaveTextContent('/user/courses/8/learn/41');
  });

  it('marks a finished course and offers the course page for one without lessons', async () => {
    signInAs(sessionUser());
    mockApi({
      'GET /api/user/learning': {
        body: {
          items: [
            // Completed, then its trainer added a lesson: still finished (decision 036).
            learningItem({ course_id: 7, title: 'Zéro déchet en entreprise', completed: 3, total: 4, percent: 100, last_lesson_id: 12, completed_at: '2026-11-02T23:30:00.000Z' }),
            learningItem({ course_id: 9, title: 'Éco-construction', completed: 0, total: 0, percent: 0, last_lesson_id: null }),
          ],
          saved: [],
        },
      },
    });
    renderRoutes('/user/learning', routes);
    const finished = await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise' });
    // The day it was completed, in French and Paris time (23:30 UTC is already the next day there).
    expect(within(finished).getByText('Terminé le 3 novembre 2026')).toBeInTheDocument();
    expect(within(finished).getByRole('link', { name: 'Reprendre' })).toHaveAttribute('href', '/user/courses/7/learn/12');
    const empty = screen.getByRole('listitem', { name: 'Éco-construction' });
    expect(within(empty).getByText('Ce cours ne contient pas encore de leçon.')).toBeInTheDocument();
    expect(within(empty).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Voir le cours' })).toHaveAttribute('href', '/user/courses/9');
  });

  it('offers « Donner mon avis » on a completed course, in a dialog, then « Modifier mon avis »', async () => {
    signInAs(sessionUser());
    const created = new Date().toISOString();
    const api = mockApi({
      'GET /api/user/learning': {
        body: {
          items: [
            learningItem({ course_id: 7, title: 'Zéro déchet en entreprise', completed: 3, total: 3, percent: 100, completed_at: '2026-03-12T10:00:00.000Z' }),
            learningItem({ course_id: 8, title: 'Biodiversité au jardin', completed: 1, total: 4, percent: 25 }),
          ],
          saved: [],
        },
      },
      'GET /api/user/satisfaction': { body: { items: [] } },
      'PUT /api/courses/7/satisfaction': {
        body: { course_id: 7, rating: 5, comment: null, comment_hidden: false, created_at: created, updated_at: created, editable_until: new Date(Date.now() + 30 * 86_400_000).toISOString() },
      },
    });
    renderRoutes('/user/learning', routes);

    const finished = await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise' });
    expect(within(screen.getByRole('listitem', { name: 'Biodiversité au jardin' })).queryByRole('button', { name: /avis/ })).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(await within(finished).findByRole('button', { name: 'Donner mon avis' }));
    const dialog = screen.getByRole('dialog', { name: 'Votre avis sur la formation' });
    // A plain click: jsdom lays nothing out, so the stars' hover (read from the pointer's position) would be wrong.
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 sur 5 – Très satisfait' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer mon avis' }));

    expect(await within(finished).findByText('Merci pour votre avis !')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ rating: 5, comment: null });
    expect(within(finished).getByText('5 sur 5')).toBeInTheDocument();
    expect(within(finished).getByRole('button', { name: 'Modifier mon avis' })).toBeInTheDocument();
  });

  it('downloads the attendance and the certificat de réalisation of each course, and shows why the server refuses one (issue 27)', async () => {
    signInAs(sessionUser());
    const { calls } = mockApi({
      'GET /api/user/learning': { body: { items: [learningItem({ enrolment_id: 70, course_id: 7, title: 'Zéro déchet en entreprise' })], saved: [] } },
      'GET /api/enrolments/70/certificate-of-completion': {
        status: 409,
        body: { error_code: 'invalid_transition', message: "Aucune activité n'est encore enregistrée pour cette inscription\u00a0: le certificat de réalisation ne peut pas être établi." },
      },
    });
    renderRoutes('/user/learning', routes);
    const card = await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise' });
    await userEvent.click(within(card).getByRole('button', { name: 'Télécharger le certificat de réalisation de Zéro déchet en entreprise' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent("Aucune activité n'est encore enregistrée pour cette inscription : le certificat de réalisation ne peut pas être établi.");
    expect(calls.map((c) => c.url.pathname)).toContain('/api/enrolments/70/certificate-of-completion');
    expect(within(card).getByRole('button', { name: "Télécharger l'assiduité (CSV) de Zéro déchet en entreprise" })).toBeEnabled();
  });

  it('without any course, says so and links to the catalogue', async () => {
    signInAs(sessionUser());
    mockApi({ 'GET /api/user/learning': { body: { items: [], saved: [] } } });
    renderRoutes('/user/learning', routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Vous ne suivez aucune formation pour le moment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir le catalogue' })).toHaveAttribute('href', '/user/courses');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the courses saved for later under the followed ones, with their size and a link to each', async () => {
    signInAs(sessionUser());
    mockApi({
      'GET /api/user/learning': {
        body: {
          items: [],
          saved: [
            { course_id: 12, title: 'Haies et bocages', image: null, total_lessons: 4, total_minutes: 90 },
            { course_id: 13, title: 'Toitures végétalisées', image: null, total_lessons: 0, total_minutes: 0 },
          ],
        },
      },
    });
    renderRoutes('/user/learning', routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Vous ne suivez aucune formation pour le moment' })).toBeInTheDocument();
    const saved = screen.getByRole('region', { name: 'Cours sauvegardés' });
    const hedges = within(saved).getByRole('listitem', { name: 'Haies et bocages' });
    expect(hedges).toHaveTextContent('4 leçons · 1 h 30 min');
    expect(within(hedges).getByRole('link', { name: 'Voir le cours' })).toHaveAttribute('href', '/user/courses/12');
    expect(within(saved).getByRole('listitem', { name: 'Toitures végétalisées' })).toHaveTextContent('Contenu en préparation');
  });

  it('shows a loading state, then a French error with a retry', async () => {
    signInAs(sessionUser());
    let fail = true;
    mockApi({
      'GET /api/user/learning': () => (fail ? { status: 500, body: { error_code: 'server_error', message: 'Une erreur est survenue. Réessayez plus tard.' } } : { body: { items: [learningItem()], saved: [] } }),
    });
    renderRoutes('/user/learning', routes);
    expect(screen.getByRole('progressbar', { name: 'Chargement de vos formations' })).toBeInTheDocument();
    expect(await screen.findByText('Une erreur est survenue. Réessayez plus tard.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
  });

  it('offers the attestation of a completed course: its download and its verification page', async () => {
    signInAs(sessionUser());
    const createObjectURL = vi.fn(() => 'blob:attestation');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { calls } = mockApi({
      'GET /api/user/learning': {
        body: {
          items: [
            learningItem({ course_id: 7, title: 'Zéro déchet en entreprise', completed: 3, total: 3, percent: 100, completed_at: '2026-03-14T10:00:00.000Z', certificate: { id: 5, number: 'EF-2026-000005', code: 'AbCdEfGhIjKlMnOpQrStUv', revoked: null } }),
            learningItem({ course_id: 8, title: 'Biodiversité au jardin' }),
          ],
          saved: [],
        },
      },
      'GET /api/certificates/5/pdf': { body: {} },
    });
    renderRoutes('/user/learning', routes);

    const [done] = await screen.findAllByRole('listitem', { name: 'Zéro déchet en entreprise' });
    if (!done) throw new Error('carte absente');
    // Listed again under « Mes attestations », which holds only the completed course's.
    const certificates = screen.getByRole('region', { name: 'Mes attestations' });
    expect(within(certificates).getAllByRole('listitem')).toHaveLength(1);
    expect(within(certificates).getByText(/Attestation n° EF-2026-000005 · formation terminée le 14 mars 2026/)).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Page de vérification' })).toHaveAttribute('href', '/certificats/AbCdEfGhIjKlMnOpQrStUv');
    await userEvent.click(within(done).getByRole('button', { name: "Télécharger l'attestation" }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const download = calls.find((c) => c.url.pathname === '/api/certificates/5/pdf');
    expect(download?.method).toBe('GET');

    // A course not completed has neither.
    const ongoing = screen.getByRole('listitem', { name: 'Biodiversité au jardin' });
    expect(within(ongoing).queryByRole('button', { name: "Télécharger l'attestation" })).not.toBeInTheDocument();
    expect(within(ongoing).queryByRole('link', { name: 'Page de vérification' })).not.toBeInTheDocument();
  });

  it('says a revoked attestation is revoked, when and why, and no longer offers it (issue 25)', async () => {
    signInAs(sessionUser());
    mockApi({
      'GET /api/user/learning': {
        body: {
          items: [
            learningItem({
              course_id: 7,
              title: 'Zéro déchet en entreprise',
              completed: 3,
              total: 3,
              percent: 100,
              completed_at: '2026-03-14T10:00:00.000Z',
              certificate: { id: 5, number: 'EF-2026-000005', code: 'AbCdEfGhIjKlMnOpQrStUv', revoked: { at: '2026-04-02T10:00:00.000Z', reason: 'Quiz passé par une autre personne.' } },
            }),
          ],
          saved: [],
        },
      },
    });
    renderRoutes('/user/learning', routes);
    const [card] = await screen.findAllByRole('listitem', { name: 'Zéro déchet en entreprise' });
    if (!card) throw new Error('carte absente');
    expect(within(card).getByText('Attestation n° EF-2026-000005 : Révoquée le 2 avril 2026 : Quiz passé par une autre personne.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: "Télécharger l'attestation" })).not.toBeInTheDocument();
  });
});
