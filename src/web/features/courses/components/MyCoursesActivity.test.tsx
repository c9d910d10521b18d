import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { courseItem, signIn } from '../test/fixtures';
import { MyCoursesActivity } from './MyCoursesActivity';

afterEach(() => vi.unstubAllGlobals());

describe('MyCoursesActivity', () => {
  it('lists the enrolled and the saved courses with links to them', async () => {
    signIn();
    mockApi({
      'GET /api/user/courses': {
        body: { enrolled: [courseItem({ id: 1 }), courseItem({ id: 2, title: 'Fresque du climat' })], saved: [courseItem({ id: 3, title: 'Permaculture' })] },
      },
    });
    renderRoutes('/profile', { '/profile': <MyCoursesActivity /> }, { showLocation: true });
    const enrolled = await screen.findByRole('region', { name: 'Mes inscriptions' });
    expect(within(enrolled).getByRole('heading', { name: 'Mes inscriptions (2)' })).toBeInTheDocument();
    expect(within(enrolled).getByRole('link', { name: 'Fresque du climat' })).toHaveAttribute('href', '/user/courses/2');
    const saved = screen.getByRole('region', { name: 'Sauvegardés pour plus tard' });
    expect(within(saved).getByRole('link', { name: 'Permaculture' })).toHaveAttribute('href', '/user/courses/3');
  });

  it('says when there is nothing yet and points to the catalogue', async () => {
    signIn();
    mockApi({ 'GET /api/user/courses': { body: { enrolled: [], saved: [] } } });
    renderRoutes('/profile', { '/profile': <MyCoursesActivity /> }, { showLocation: true });
    expect(await screen.findByText("Vous n'êtes inscrit à aucun cours pour le moment.")).toBeInTheDocument();
    expect(screen.getByText('Aucun cours sauvegardé pour le moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explorer les cours' })).toHaveAttribute('href', '/user/courses');
  });
});
