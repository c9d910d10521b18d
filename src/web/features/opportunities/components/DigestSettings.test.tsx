import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { DigestSettings } from './DigestSettings';

afterEach(() => vi.unstubAllGlobals());

describe('DigestSettings', () => {
  it('is off until chosen, and sends the choice with the domains followed', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/user/opportunity-digest': { body: { weekly: false, domains: [] } },
      'PUT /api/user/opportunity-digest': (_url, init) => ({ body: JSON.parse(String(init!.body)) as object }),
    });
    renderRoutes('/profile', { '/profile': <DigestSettings /> });
    const weekly = await screen.findByRole('switch', { name: 'Recevoir chaque semaine les nouvelles opportunités' });
    expect(weekly).not.toBeChecked();
    await user.click(weekly);
    await user.click(screen.getByRole('checkbox', { name: 'Biodiversité' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer le récapitulatif' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Vous recevrez chaque semaine les nouvelles opportunités de vos domaines.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ weekly: true, domains: ['biodiversite'] });
  });
});
