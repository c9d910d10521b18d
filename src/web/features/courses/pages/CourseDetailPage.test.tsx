import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { ArrivalWithState, renderRoutes } from '../../../test/render';
import { useSession } from '../../../lib/session';
import { setScreenWidth } from '../../../test/screen-width';
import { courseDetail, courseOutline, signIn } from '../test/fixtures';
import CourseDetailPage from './CourseDetailPage';
import CourseOrCategoryPage from './CourseOrCategoryPage';

const routes = { '/user/courses/:id': <CourseDetailPage />, '/user/courses': <p>Catalogue</p> };

afterEach(() => vi.unstubAllGlobals());

describe('CourseDetailPage', () => {
  it('shows the course loaded by its address, with its features and its lesson totals', async () => {
    signIn();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, price: 95, discountPrice: 85 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/user/courses/7', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
    expect(screen.getAllByText('Gestion des déchets').length).toBeGreaterThan(0);
    // In the header, then in the programme, which mounts time-sliced one render later.
    await waitFor(() => expect(screen.getAllByText('3 leçons · 1 h 5 min')).toHaveLength(2));
    expect(screen.queryByText('5 Modules')).not.toBeInTheDocument();
    for (const feature of ['Accès à vie', 'Accès sur mobile et TV', 'Certificat de réussite', 'Ressources téléchargeables', 'Garantie de remboursement de 30 jours']) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(document.querySelector('del')).toHaveTextContent(/95,00/);
    expect(screen.getAllByText('CD').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Retour aux cours' })).toHaveAttribute('href', '/user/courses');
  });

  it('enrols, then says so and offers to leave', async () => {
    signIn();
    let enrolled = false;
    const { calls } = mockApi({
      'GET /api/courses/7': () => ({ body: courseDetail({ id: 7, enrolled, price: 0, discountPrice: null }) }),
      'POST /api/courses/7/enrolment': () => {
        enrolled = true;
        return { body: { enrolled: true } };
      },
      'DELETE /api/courses/7/enrolment': () => {
        enrolled = false;
        return { body: { enrolled: false } };
      },
    });
    renderRoutes('/user/courses/7', routes, { showLocation: true });
    await userEvent.click(await screen.findByRole('button', { name: "S'inscrire maintenant" }));
    expect(await screen.findByText('Vous êtes inscrit à ce cours.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/courses/7/enrolment')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Se désinscrire' }));
    expect(await screen.findByRole('button', { name: "S'inscrire maintenant" })).toBeInTheDocument();
  });

  it('offers its author no enrolment, on a wide screen and in the phone’s bar, but says they have the preview (issue 25)', async () => {
    for (const width of [1280, 360]) {
      setScreenWidth(width);
      // courseDetail's author is user 3.
      signIn({ id: 3, role: 'formateur' });
      mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
      const { unmount } = renderRoutes('/user/courses/7', routes);
      expect((await screen.findAllByText('Vous êtes l’auteur de ce cours : vous en avez l’aperçu complet, sans vous y inscrire.')).length).toBe(width === 360 ? 2 : 1);
      expect(screen.queryByRole('button', { name: "S'inscrire maintenant" })).not.toBeInTheDocument();
      unmount();
    }
    signIn({ id: 4 });
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/user/courses/7', routes);
    expect((await screen.findAllByRole('button', { name: "S'inscrire maintenant" })).length).toBeGreaterThan(0);
  });

  it('keeps the price and the enrolment in a bar at the bottom of a phone screen', async () => {
    setScreenWidth(360);
    signIn();
    let enrolled = false;
    mockApi({
      'GET /api/courses/7': () => ({ body: courseDetail({ id: 7, price: 0, discountPrice: null, enrolled }) }),
      'POST /api/courses/7/enrolment': () => {
        enrolled = true;
        return { body: { enrolled: true } };
      },
    });
    renderRoutes('/user/courses/7', routes);
    const bar = await screen.findByRole('region', { name: 'Prix et inscription' });
    expect(bar).toHaveStyle({ position: 'sticky', bottom: '0px' });
    expect(within(bar).getByText('Gratuit')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: "S'inscrire maintenant" }));
    expect(await within(bar).findByText('Vous suivez ce cours.')).toBeInTheDocument();
    expect(screen.getByText('Vous êtes inscrit à ce cours.')).toBeInTheDocument();
  });

  it('leads « S’inscrire » on a paid course to its contract, without enrolling (issue 29)', async () => {
    setScreenWidth(1280);
    signIn();
    const { calls } = mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, price: 95, discountPrice: 85 }) } });
    renderRoutes('/user/courses/7', { ...routes, '/user/courses/:id/contrat': <p>Page du contrat</p> }, { showLocation: true });
    await userEvent.click(await screen.findByRole('button', { name: "S'inscrire maintenant" }));
    expect(await screen.findByTestId('adresse')).toHaveTextContent('/user/courses/7/contrat');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('has no such bar on a wide screen, where the side panel shows them', async () => {
    setScreenWidth(1280);
    signIn();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) } });
    renderRoutes('/user/courses/7', routes);
    expect(await screen.findByRole('complementary', { name: 'Inscription au cours' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Prix et inscription' })).not.toBeInTheDocument();
  });

  it('saves for later and unsaves', async () => {
    signIn();
    let saved = false;
    mockApi({
      'GET /api/courses/7': () => ({ body: courseDetail({ id: 7, saved }) }),
      'POST /api/courses/7/saved': () => {
        saved = true;
        return { body: { saved: true } };
      },
      'DELETE /api/courses/7/saved': () => {
        saved = false;
        return { body: { saved: false } };
      },
    });
    renderRoutes('/user/courses/7', routes, { showLocation: true });
    const save = await screen.findByRole('button', { name: 'Sauvegarder pour plus tard' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(save);
    const unsave = await screen.findByRole('button', { name: 'Retirer des favoris' });
    expect(unsave).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(unsave);
    expect(await screen.findByRole('button', { name: 'Sauvegarder pour plus tard' })).toBeInTheDocument();
  });

  it('offers the attachment to an enrolled learner only', async () => {
    signIn();
    const attachment = { name: 'Guide.pdf', size: 2048, mime: 'application/pdf' };
    mockApi({
      'GET /api/courses/7': { body: courseDetail({ id: 7, attachment, enrolled: true }) },
      'GET /api/courses/8': { body: courseDetail({ id: 8, attachment, enrolled: false }) },
    });
    const first = renderRoutes('/user/courses/7', routes, { showLocation: true });
    expect(await screen.findByRole('button', { name: /Télécharger «\u00a0Guide\.pdf\u00a0» \(2,0 Ko\)/ })).toBeInTheDocument();
    first.unmount();
    renderRoutes('/user/courses/8', routes, { showLocation: true });
    expect(await screen.findByText("Une ressource téléchargeable est disponible après l'inscription.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Télécharger/ })).not.toBeInTheDocument();
  });

  it("shows 'Cours non trouvé' for an unknown or malformed id", async () => {
    signIn();
    mockApi({});
    const first = renderRoutes('/user/courses/404', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cours non trouvé' })).toBeInTheDocument();
    expect(screen.getByText("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
    first.unmount();
    renderRoutes('/user/courses/abc', routes, { showLocation: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Cours non trouvé' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Retour aux cours' }));
    expect(screen.getByText('Catalogue')).toBeInTheDocument();
  });

  it('shows the real outline: chapters, lessons with type and duration, the free preview mark and the totals', async () => {
    signIn();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/user/courses/7', routes);
    const programme = await screen.findByRole('region', { name: 'Programme du cours' });
    const chapters = await within(programme).findAllByRole('region');
    // The typography rule puts a no-break space before the colon.
    expect(chapters.map((chapter) => within(chapter).getByRole('heading', { level: 3 }).textContent?.replace(/\s/g, ' '))).toEqual([
      'Chapitre 1 : Comprendre les déchets',
      'Chapitre 2 : Agir avec les équipes',
    ]);
    const firstLessons = within(chapters[0]!).getAllByRole('listitem');
    expect(firstLessons).toHaveLength(2);
    expect(firstLessons[0]).toHaveTextContent('La hiérarchie des modes de traitement');
    expect(firstLessons[0]).toHaveTextContent('Texte');
    expect(firstLessons[0]).toHaveTextContent('15 min');
    // The badge opens the free lesson in the player (issue 25).
    expect(within(firstLessons[0]!).getByRole('link', { name: /^Aperçu gratuit\s:\souvrir la leçon «\sLa hiérarchie des modes de traitement\s»$/ })).toHaveAttribute('href', '/user/courses/7/learn/11');
    expect(within(firstLessons[1]!).queryByText('Aperçu gratuit')).not.toBeInTheDocument();
    expect(within(programme).getByText('3 leçons · 1 h 5 min')).toBeInTheDocument();
    expect(screen.queryByText(/^Module \d/)).not.toBeInTheDocument();
  });

  it('says the programme is coming when the course has no lesson yet', async () => {
    signIn();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline({ sections: [], total_lessons: 0, total_minutes: 0 }) } });
    renderRoutes('/user/courses/7', routes);
    expect(await screen.findByText('Le programme de ce cours sera bientôt disponible.')).toBeInTheDocument();
  });

  it('shows the public information, objectives as a list, each part under its heading', async () => {
    signIn();
    const information = {
      objectives: ['Réaliser un diagnostic des flux', 'Mettre en place le tri à la source'],
      target_audience: 'Responsables des services généraux.',
      prerequisites: 'Aucun prérequis.',
      assessment_methods: 'Quiz de fin de chapitre.',
    };
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, ...information }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/user/courses/7', routes);
    const objectives = await screen.findByRole('region', { name: 'Objectifs pédagogiques' });
    expect(within(objectives).getAllByRole('listitem').map((item) => item.textContent)).toEqual(information.objectives);
    expect(within(screen.getByRole('region', { name: 'Public visé' })).getByText(information.target_audience)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Prérequis' })).getByText(information.prerequisites)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: "Modalités d'évaluation" })).getByText(information.assessment_methods)).toBeInTheDocument();
  });

  it('leaves out each empty part of the public information', async () => {
    signIn();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, prerequisites: 'Aucun prérequis.' }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/user/courses/7', routes);
    expect(await screen.findByRole('region', { name: 'Prérequis' })).toBeInTheDocument();
    for (const name of ['Objectifs pédagogiques', 'Public visé', "Modalités d'évaluation"]) expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
  });

  it('shows « Informations pratiques » with the certification and « Mis à jour le », and leaves the section out when nothing is given', async () => {
    signIn();
    const practical = {
      access_delay: 'Accès immédiat après l’inscription.',
      teaching_methods: 'Leçons et quiz à distance.',
      accessibility: 'Référente handicap sur demande.',
      contact: 'Claire Martin – claire@exemple.fr',
      certification: { code: 'RS1234', certifier: 'France compétences', registered_on: '2024-03-01' },
      public_info_updated_at: '2026-11-20T10:00:00.000Z',
    };
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, ...practical }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    const first = renderRoutes('/user/courses/7', routes);
    const section = await screen.findByRole('region', { name: 'Informations pratiques' });
    for (const [term, text] of [
      ["Délais d'accès", practical.access_delay],
      ['Méthodes mobilisées', practical.teaching_methods],
      ['Accessibilité aux personnes en situation de handicap', practical.accessibility],
      ['Contact', practical.contact],
    ]) {
      expect(within(section).getByText(term!)).toBeInTheDocument();
      expect(within(section).getByText(text!)).toBeInTheDocument();
    }
    expect(within(section).getByText('RS1234 – certificateur : France compétences, enregistrée le 1 mars 2024')).toBeInTheDocument();
    expect(within(section).getByText('Mis à jour le 20 novembre 2026')).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/user/courses/7', routes);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Informations pratiques' })).not.toBeInTheDocument();
  });

  it('shows the results with their period, and hides a satisfaction given by too few learners', async () => {
    signIn();
    const results = {
      period: { from: '2025-12-01', to: '2026-11-30' },
      enrolled: 12,
      completed: 9,
      completion_rate: 75,
      quiz_success_rate: 80,
      satisfaction: { average: 4.5, count: 6 },
      computed_at: '2026-11-27T09:00:00.000Z',
    };
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() }, 'GET /api/courses/7/results': { body: results } });
    const first = renderRoutes('/user/courses/7', routes);
    const section = await screen.findByRole('region', { name: 'Résultats de la formation' });
    expect(within(section).getByText('Résultats du 1er décembre 2025 au 30 novembre 2026 :')).toBeInTheDocument();
    expect(section).toHaveTextContent(/Personnes inscrites\s*:\s*12/);
    expect(section).toHaveTextContent(/Taux d'achèvement\s*:\s*75\s%\s\(9 formations achevées\)/);
    expect(section).toHaveTextContent(/Réussite aux quiz\s*:\s*80\s% des quiz tentés réussis/);
    expect(section).toHaveTextContent(/Satisfaction\s*:\s*4,5 \/ 5 \(6 avis\)/);
    first.unmount();

    mockApi({
      'GET /api/courses/7': { body: courseDetail({ id: 7 }) },
      'GET /api/courses/7/outline': { body: courseOutline() },
      'GET /api/courses/7/results': { body: { ...results, satisfaction: null, quiz_success_rate: null } },
    });
    renderRoutes('/user/courses/7', routes);
    const few = await screen.findByRole('region', { name: 'Résultats de la formation' });
    expect(few).toHaveTextContent(/Satisfaction\s*:\s*publiée à partir de 3 avis/);
    expect(few).toHaveTextContent(/Réussite aux quiz\s*:\s*aucun quiz passé sur la période/);
    expect(few).not.toHaveTextContent('4,5');
  });

  it('says when nobody enrolled during the period', async () => {
    signIn();
    const results = { period: { from: '2025-11-28', to: '2026-11-27' }, enrolled: 0, completed: 0, completion_rate: null, quiz_success_rate: null, satisfaction: null, computed_at: '2026-11-27T09:00:00.000Z' };
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() }, 'GET /api/courses/7/results': { body: results } });
    renderRoutes('/user/courses/7', routes);
    const section = await screen.findByRole('region', { name: 'Résultats de la formation' });
    expect(within(section).getByText('Aucune inscription sur cette période.')).toBeInTheDocument();
    expect(within(section).getByText('Résultats du 28 novembre 2025 au 27 novembre 2026 :')).toBeInTheDocument();
  });

  it('offers an enrolled learner "Commencer" into the player, "Reprendre" once a lesson is done, and nothing before enrolling', async () => {
    signIn();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, enrolled: true }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    const first = renderRoutes('/user/courses/7', routes);
    expect(await screen.findByRole('link', { name: 'Commencer' })).toHaveAttribute('href', '/user/courses/7/learn');
    first.unmount();

    const done = courseOutline();
    done.sections[0]!.lessons[0]!.completed = true;
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, enrolled: true }) }, 'GET /api/courses/7/outline': { body: done } });
    const second = renderRoutes('/user/courses/7', routes);
    expect(await screen.findByRole('link', { name: 'Reprendre' })).toHaveAttribute('href', '/user/courses/7/learn');
    expect(await screen.findByTitle('Terminée')).toBeInTheDocument();
    second.unmount();

    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, enrolled: false }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/user/courses/7', routes);
    expect(await screen.findByRole('button', { name: "S'inscrire maintenant" })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Commencer|Reprendre/ })).not.toBeInTheDocument();
  });
});

describe('CourseDetailPage for visitors at /courses/{id}', () => {
  const publicRoutes = { '/courses/:slug': <CourseOrCategoryPage />, '/user/courses/:id': <CourseDetailPage />, '*': <ArrivalWithState /> };

  it('reads without an account and sends "S\'inscrire maintenant" to signup, carrying the wish to enrol in history state, not the URL', async () => {
    useSession.getState().clear();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/courses/7', publicRoutes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Programme du cours' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux cours' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'Sauvegarder pour plus tard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connectez-vous pour vous inscrire' })).toHaveAttribute('href', '/login');
    await userEvent.click(screen.getByRole('button', { name: "S'inscrire maintenant" }));
    expect(await screen.findByText('Arrivée : /signup avec {"from":"/user/courses/7","enrolCourseId":7}')).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent(/^\/signup$/);
  });

  it('opens the free preview lesson from its badge, without an account (issue 25)', async () => {
    useSession.getState().clear();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes('/courses/7', publicRoutes, { showLocation: true });
    await userEvent.click(await screen.findByRole('link', { name: /^Aperçu gratuit/ }));
    expect(screen.getByTestId('adresse')).toHaveTextContent(/^\/user\/courses\/7\/learn\/11$/);
  });

  it('treats any other segment under /courses as a category', async () => {
    useSession.getState().clear();
    mockApi({ 'GET /api/courses': { body: { items: [], total: 0, page: 1, pageSize: 12 } }, 'GET /api/categories': { body: [] } });
    renderRoutes('/courses/ecologie', publicRoutes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Explorez nos cours' })).toBeInTheDocument();
  });

  it('enrols once, back from signing up with the wish for this course, and forgets the wish', async () => {
    signIn();
    let enrolled = false;
    const { calls } = mockApi({
      'GET /api/courses/7': () => ({ body: courseDetail({ id: 7, enrolled, price: 0, discountPrice: null }) }),
      'GET /api/courses/7/outline': { body: courseOutline() },
      'POST /api/courses/7/enrolment': () => {
        enrolled = true;
        return { body: { enrolled: true } };
      },
    });
    renderRoutes({ pathname: '/user/courses/7', state: { enrolCourseId: 7 } }, publicRoutes);
    expect(await screen.findByText('Vous êtes inscrit à ce cours.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Commencer' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').length).toBeGreaterThanOrEqual(1);
  });

  it('does not enrol for a wish about another course, nor without one', async () => {
    signIn();
    const { calls } = mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7 }) }, 'GET /api/courses/7/outline': { body: courseOutline() } });
    renderRoutes({ pathname: '/user/courses/7', state: { enrolCourseId: 8 } }, publicRoutes);
    expect(await screen.findByRole('button', { name: "S'inscrire maintenant" })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
