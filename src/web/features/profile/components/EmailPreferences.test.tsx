import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences } from '../../../../shared/notifications';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { EmailPreferences } from './EmailPreferences';

const preferences: NotificationPreferences = {
  items: [
    { kind: 'enrolment_confirmed', label: 'Inscriptions aux formations', description: 'Votre inscription à une formation est confirmée.', email: true },
    { kind: 'certificate_issued', label: 'Attestations', description: 'Votre attestation de fin de formation est disponible.', email: false },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('EmailPreferences', () => {
  it('shows one switch per kind, described, and saves a change at once', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/user/notification-preferences': { body: preferences },
      'PUT /api/user/notification-preferences': (_url, init) => {
        const { email } = JSON.parse(String(init!.body)) as { email: Record<string, boolean> };
        return { body: { items: preferences.items.map((p) => (p.kind in email ? { ...p, email: email[p.kind]! } : p)) } };
      },
    });
    renderRoutes('/profile', { '/profile': <EmailPreferences userId={7} /> });
    expect(screen.getByRole('heading', { level: 2, name: 'Préférences e-mail' })).toBeInTheDocument();
    const enrolments = await screen.findByRole('switch', { name: 'Inscriptions aux formations' });
    expect(enrolments).toBeChecked();
    expect(enrolments).toHaveAccessibleDescription('Votre inscription à une formation est confirmée.');
    expect(screen.getByRole('switch', { name: 'Attestations' })).not.toBeChecked();

    await user.click(enrolments);
    expect(await screen.findByRole('status')).toHaveTextContent('Vos préférences e-mail sont enregistrées.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ email: { enrolment_confirmed: false } });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Inscriptions aux formations' })).not.toBeChecked());
  });

  it('says when the change could not be saved, and keeps the switch as it was', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/user/notification-preferences': { body: preferences },
      'PUT /api/user/notification-preferences': { status: 500, body: { error_code: 'server_error', message: 'Erreur' } },
    });
    renderRoutes('/profile', { '/profile': <EmailPreferences userId={7} /> });
    await user.click(await screen.findByRole('switch', { name: 'Attestations' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Échec de l’enregistrement de vos préférences. Veuillez réessayer.');
    expect(screen.getByRole('switch', { name: 'Attestations' })).not.toBeChecked();
  });
});
