import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryPage as Page, MyDirectoryEntry } from '../../../../shared/directory';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import DirectoryPage from '../pages/DirectoryPage';
import { DirectorySettings } from './DirectorySettings';

const notListed: MyDirectoryEntry = { visible: false, fields: [], accepts_messages: false, headline: null, region: null, domains: [], bio: null, has_photo: false, updated_at: null };

afterEach(() => vi.unstubAllGlobals());

describe('DirectorySettings', () => {
  it('starts unlisted, and sends the choice of fields, region, domains and messages', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/user/directory': { body: notListed },
      'PUT /api/user/directory': (_url, init) => ({ body: { ...notListed, ...(JSON.parse(String(init!.body)) as object), updated_at: '2026-05-01T10:00:00.000Z' } }),
    });
    renderRoutes('/profile', { '/profile': <DirectorySettings /> });
    const listed = await screen.findByRole('switch', { name: 'Figurer dans l’annuaire' });
    expect(listed).not.toBeChecked();
    expect(screen.queryByLabelText(/Présentation/)).not.toBeInTheDocument();
    await user.click(listed);
    await user.click(screen.getByRole('switch', { name: /Accepter les messages/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Titre (métier, activité)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Région' }));
    await user.type(screen.getByRole('textbox', { name: 'Titre' }), 'Animatrice compost');
    await user.click(screen.getByRole('combobox', { name: 'Région' }));
    await user.click(await screen.findByRole('option', { name: 'Bretagne' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gestion des déchets' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Vos choix pour l’annuaire sont enregistrés.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      visible: true,
      fields: ['headline', 'region'],
      accepts_messages: true,
      headline: 'Animatrice compost',
      region: 'bretagne',
      domains: ['dechets'],
      bio: '',
    });
  });

  it('shows the server’s message under the field it refused', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/user/directory': { body: notListed },
      'PUT /api/user/directory': { status: 422, body: { error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors: { headline: ['Ce champ contient des caractères non autorisés.'] } } },
    });
    renderRoutes('/profile', { '/profile': <DirectorySettings isApprovedTrainer trainerId={3} /> });
    expect(await screen.findByRole('textbox', { name: /Présentation/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    expect(await screen.findByText('Ce champ contient des caractères non autorisés.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Certaines informations sont invalides.');
  });
});

describe('DirectoryPage', () => {
  it('shows each card with only what the person chose, and the filters go to the server', async () => {
    const user = userEvent.setup({ delay: null });
    const page: Page = {
      items: [
        { id: 4, firstname: 'Inès', lastname: 'Verte', accepts_messages: true, headline: 'Maître-composteuse', region: 'bretagne', has_photo: false },
        { id: 5, firstname: 'Noé', lastname: 'Discret', accepts_messages: false, has_photo: false },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    const { calls } = mockApi({ 'GET /api/directory': { body: page } });
    renderRoutes('/annuaire', { '/annuaire': <DirectoryPage /> });
    expect(await screen.findByRole('status')).toHaveTextContent('2 membres trouvés');
    const ines = screen.getByRole('article', { name: 'Inès Verte' });
    expect(within(ines).getByText('Maître-composteuse')).toBeInTheDocument();
    expect(within(ines).getByText('Bretagne')).toBeInTheDocument();
    const noe = screen.getByRole('article', { name: 'Noé Discret' });
    expect(within(noe).getByText('N’accepte pas de messages.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Domaine' }));
    await user.click(await screen.findByRole('option', { name: 'Biodiversité' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.searchParams.get('domain') === 'biodiversite')).toBe(true));
  });
});
