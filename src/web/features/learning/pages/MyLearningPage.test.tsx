import { screen, within } from '@testing-library/react';
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
  it('lists the courses with their image, progress and a button to resume at the last lesson', async () => {
    signInAs(sessionUser());
    mockApi({
      'GET /api/user/learning': {
        body: {
          items: [
            learningItem({ course_id: 7, title: 'Zéro déchet en entreprise', image: '/uploads/courses/7/image.png', completed: 2, total: 5, percent: 40, last_lesson_id: 33 }),
            learningItem({ course_id: 8, title: 'Biodiversité au jardin', completed: 0, total: 4, percent: 0, last_lesson_id: 41 }),
          ],
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
            learningItem({ course_id: 7, title: 'Zéro déchet en entreprise', completed: 3, total: 3, percent: 100, last_lesson_id: 12 }),
            learningItem({ course_id: 9, title: 'Éco-construction', completed: 0, total: 0, percent: 0, last_lesson_id: null }),
          ],
        },
      },
    });
    renderRoutes('/user/learning', routes);
    const finished = await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise' });
    expect(within(finished).getByText('Terminé')).toBeInTheDocument();
    expect(within(finished).getByRole('link', { name: 'Reprendre' })).toHaveAttribute('href', '/user/courses/7/learn/12');
    const empty = screen.getByRole('listitem', { name: 'Éco-construction' });
    expect(within(empty).getByText('Ce cours ne contient pas encore de leçon.')).toBeInTheDocument();
    expect(within(empty).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Voir le cours' })).toHaveAttribute('href', '/user/courses/9');
  });

  it('without any course, says so and links to the catalogue', async () => {
    signInAs(sessionUser());
    mockApi({ 'GET /api/user/learning': { body: { items: [] } } });
    renderRoutes('/user/learning', routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Vous ne suivez aucune formation pour le moment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir le catalogue' })).toHaveAttribute('href', '/user/courses');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a loading state, then a French error with a retry', async () => {
    signInAs(sessionUser());
    let fail = true;
    mockApi({
      'GET /api/user/learning': () => (fail ? { status: 500, body: { error_code: 'server_error', message: 'Une erreur est survenue. Réessayez plus tard.' } } : { body: { items: [learningItem()] } }),
    });
    renderRoutes('/user/learning', routes);
    expect(screen.getByRole('progressbar', { name: 'Chargement de vos formations' })).toBeInTheDocument();
    expect(await screen.findByText('Une erreur est survenue. Réessayez plus tard.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
  });
});
