import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryCount, CourseItem } from '../../../../shared/courses';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { courseItem, signIn } from '../test/fixtures';
import CataloguePage from './CataloguePage';

const categoryCounts: CategoryCount[] = [
  { slug: 'rse', name: 'RSE', count: 1 },
  { slug: 'ecologie', name: 'Écologie', count: 2 },
  { slug: 'biodiversite', name: 'Biodiversité', count: 0 },
  { slug: 'ecoagriculture', name: 'Éco-agriculture', count: 0 },
  { slug: 'dechets', name: 'Gestion des déchets', count: 1 },
  { slug: 'ecoconstruction', name: 'Éco-construction', count: 0 },
];

function api(items: (url: URL) => CourseItem[], total?: (url: URL) => number) {
  return mockApi({
    'GET /api/categories': { body: categoryCounts },
    'GET /api/courses': (url) => {
      const list = items(url);
      return { body: { items: list, total: total ? total(url) : list.length, page: Number(url.searchParams.get('page') ?? 1), pageSize: 12 } };
    },
  });
}

const routes = { '/user/courses': <CataloguePage />, '/courses': <CataloguePage />, '/courses/:slug': <CataloguePage /> };
const address = () => screen.getByTestId('adresse').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('CataloguePage', () => {
  it('shows the title, the search box and one card per course from the API', async () => {
    signIn();
    api(() => [courseItem({ id: 1 }), courseItem({ id: 2, title: 'Permaculture' })]);
    renderRoutes('/user/courses', routes, { showLocation: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Explorez nos cours' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des cours' })).toHaveAttribute('placeholder', 'Rechercher des cours…');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 cours trouvés')).toBeInTheDocument();
  });

  it('says « plus de » when a search matched more courses than the server ranks (decision 055)', async () => {
    signIn();
    mockApi({
      'GET /api/categories': { body: categoryCounts },
      'GET /api/courses': { body: { items: [courseItem({ id: 1 })], total: 120, totalCapped: true, page: 1, pageSize: 12 } },
    });
    renderRoutes('/user/courses?q=formation', routes);
    expect(
      await screen.findByText('Plus de 120 cours trouvés : voici les 120 plus récents, classés par pertinence. Précisez votre recherche ou choisissez un thème pour trouver les autres.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages du catalogue' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aller à la page 10' })).toBeInTheDocument();
  });

  it('selects a category chip, then deselects it on a second click, keeping it in the address', async () => {
    signIn();
    const { calls } = api((url) => (url.searchParams.get('category') === 'ecologie' ? [courseItem({ id: 5, title: 'Fresque du climat' })] : [courseItem()]));
    renderRoutes('/user/courses', routes, { showLocation: true });
    const chip = await screen.findByRole('button', { name: 'Écologie (2)' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(chip);
    expect(address()).toBe('/user/courses?category=ecologie');
    expect(await screen.findByRole('link', { name: 'Fresque du climat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Écologie (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((c) => c.url.searchParams.get('category') === 'ecologie')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Écologie (2)' }));
    expect(address()).toBe('/user/courses');
    expect(screen.getByRole('button', { name: 'Écologie (2)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('searches 300 ms after the last key, with the text in the address', async () => {
    signIn();
    const { calls } = api((url) => (url.searchParams.get('q') === 'dechets' ? [courseItem({ id: 9 })] : []));
    renderRoutes('/user/courses', routes, { showLocation: true });
    await screen.findByText('0 cours trouvé');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher des cours' }), { target: { value: 'dechets' } });
    vi.advanceTimersByTime(250);
    expect(address()).toBe('/user/courses');
    vi.advanceTimersByTime(60);
    await waitFor(() => expect(address()).toBe('/user/courses?q=dechets'));
    vi.useRealTimers();
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/courses').map((c) => c.url.searchParams.get('q'))).toEqual([null, 'dechets']);
  });

  it('reads the search, category and page from a shared address', async () => {
    signIn();
    const { calls } = api(() => [courseItem()], () => 30);
    // Changing page scrolls back to the top, which jsdom does not implement.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderRoutes('/user/courses?q=climat&category=rse&page=2', routes, { showLocation: true });
    expect(await screen.findByRole('searchbox', { name: 'Rechercher des cours' })).toHaveValue('climat');
    await screen.findByRole('article');
    const call = calls.find((c) => c.url.pathname === '/api/courses')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ q: 'climat', category: 'rse', page: '2', pageSize: '12' });
    expect(await screen.findByRole('button', { name: 'RSE (1)' })).toHaveAttribute('aria-pressed', 'true');
    const pages = screen.getByRole('navigation', { name: 'Pages du catalogue' });
    expect(within(pages).getByRole('button', { name: 'Page 2, page actuelle' })).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Aller à la page 3' }));
    expect(address()).toBe('/user/courses?q=climat&category=rse&page=3');
  });

  it("links each card to the learner's course page, and to the public one in the visitors' catalogue", async () => {
    signIn();
    api(() => [courseItem({ id: 4, title: 'Permaculture' })]);
    const first = renderRoutes('/user/courses', routes);
    expect(await screen.findByRole('link', { name: 'Permaculture' })).toHaveAttribute('href', '/user/courses/4');
    first.unmount();
    renderRoutes('/courses/ecologie', routes);
    expect(await screen.findByRole('link', { name: 'Permaculture' })).toHaveAttribute('href', '/courses/4');
  });

  it('shows no pagination when everything fits on one page', async () => {
    api(() => [courseItem()]);
    renderRoutes('/courses', routes, { showLocation: true });
    await screen.findByRole('article');
    expect(screen.queryByRole('navigation', { name: 'Pages du catalogue' })).not.toBeInTheDocument();
  });

  it('shows the empty text when nothing matches', async () => {
    api(() => []);
    renderRoutes('/user/courses?q=introuvable', routes, { showLocation: true });
    expect(await screen.findByText("Aucun cours ne correspond à vos critères. Essayez d'ajuster votre recherche.")).toBeInTheDocument();
  });

  it('selects the category of /courses/{slug} for visitors and moves between theme addresses', async () => {
    const { calls } = api(() => [courseItem()]);
    renderRoutes('/courses/ecologie', routes, { showLocation: true });
    expect(await screen.findByRole('button', { name: 'Écologie (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.url.pathname === '/api/courses')!.url.searchParams.get('category')).toBe('ecologie');
    await userEvent.click(screen.getByRole('button', { name: 'RSE (1)' }));
    expect(address()).toBe('/courses/rse');
    await userEvent.click(screen.getByRole('button', { name: 'RSE (1)' }));
    expect(address()).toBe('/courses');
  });
});
