import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { setScreenWidth } from '../../../test/screen-width';
import { courseDetail, signIn } from '../test/fixtures';
import CourseDetailPage from './CourseDetailPage';

const routes = { '/user/courses/:id': <CourseDetailPage />, '/user/courses': <p>Catalogue</p> };

afterEach(() => vi.unstubAllGlobals());

describe('CourseDetailPage', () => {
  it('shows the course loaded by its address, with the fixed modules, features and syllabus', async () => {
    signIn();
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, price: 95, discountPrice: 85 }) } });
    renderRoutes('/user/courses/7', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
    expect(screen.getAllByText('Gestion des déchets').length).toBeGreaterThan(0);
    expect(screen.getByText('5 Modules')).toBeInTheDocument();
    for (const feature of ['Accès à vie', 'Accès sur mobile et TV', 'Certificat de réussite', 'Ressources téléchargeables', 'Garantie de remboursement de 30 jours']) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    for (const length of ['15 minutes', '45 minutes', '1 heure', '1,5 heure', '2 heures']) expect(screen.getByText(length)).toBeInTheDocument();
    expect(document.querySelector('del')).toHaveTextContent(/95,00/);
    expect(screen.getAllByText('CD').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Retour aux Cours' })).toHaveAttribute('href', '/user/courses');
  });

  it('enrols, then says so and offers to leave', async () => {
    signIn();
    let enrolled = false;
    const { calls } = mockApi({
      'GET /api/courses/7': () => ({ body: courseDetail({ id: 7, enrolled }) }),
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
    await userEvent.click(await screen.findByRole('button', { name: "S'inscrire Maintenant" }));
    expect(await screen.findByText('Vous êtes inscrit à ce cours.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/courses/7/enrolment')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Se désinscrire' }));
    expect(await screen.findByRole('button', { name: "S'inscrire Maintenant" })).toBeInTheDocument();
  });

  it('keeps the price and the enrolment in a bar at the bottom of a phone screen', async () => {
    setScreenWidth(360);
    signIn();
    let enrolled = false;
    mockApi({
      'GET /api/courses/7': () => ({ body: courseDetail({ id: 7, price: 95, discountPrice: 85, enrolled }) }),
      'POST /api/courses/7/enrolment': () => {
        enrolled = true;
        return { body: { enrolled: true } };
      },
    });
    renderRoutes('/user/courses/7', routes);
    const bar = await screen.findByRole('region', { name: 'Prix et inscription' });
    expect(bar).toHaveStyle({ position: 'sticky', bottom: '0px' });
    expect(within(bar).getByText(/85,00/)).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: "S'inscrire Maintenant" }));
    expect(await within(bar).findByText('Vous suivez ce cours.')).toBeInTheDocument();
    expect(screen.getByText('Vous êtes inscrit à ce cours.')).toBeInTheDocument();
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
    const save = await screen.findByRole('button', { name: 'Sauvegarder pour Plus Tard' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(save);
    const unsave = await screen.findByRole('button', { name: 'Retirer des favoris' });
    expect(unsave).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(unsave);
    expect(await screen.findByRole('button', { name: 'Sauvegarder pour Plus Tard' })).toBeInTheDocument();
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

  it("shows 'Cours Non Trouvé' for an unknown or malformed id", async () => {
    signIn();
    mockApi({});
    const first = renderRoutes('/user/courses/404', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cours Non Trouvé' })).toBeInTheDocument();
    expect(screen.getByText("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
    first.unmount();
    renderRoutes('/user/courses/abc', routes, { showLocation: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Cours Non Trouvé' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Retour aux Cours' }));
    expect(screen.getByText('Catalogue')).toBeInTheDocument();
  });
});
