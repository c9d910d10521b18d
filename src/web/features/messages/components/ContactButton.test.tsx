import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { ContactButton } from './ContactButton';

function renderButton() {
  signInAs(sessionUser());
  renderRoutes(
    '/cours',
    {
      '/cours': (
        <ContactButton recipientId={9} courseId={3}>
          Contacter le formateur
        </ContactButton>
      ),
      '*': <p>Ailleurs</p>,
    },
    { showLocation: true },
  );
}

describe('ContactButton', () => {
  it('opens the conversation with the trainer about the course and goes to it', async () => {
    const { calls } = mockApi({ 'POST /api/conversations': { status: 201, body: { id: 42 } } });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Contacter le formateur' }));
    expect(await screen.findByText('Ailleurs')).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent('/messages/42');
    expect(calls[0]!.body).toEqual({ recipient_id: 9, course_id: 3 });
  });

  it('says the server’s refusal in its words', async () => {
    mockApi({ 'POST /api/conversations': { status: 403, body: { error_code: 'messaging_not_allowed', message: 'Vous ne pouvez pas écrire à cette personne.' } } });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Contacter le formateur' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous ne pouvez pas écrire à cette personne.');
  });
});
