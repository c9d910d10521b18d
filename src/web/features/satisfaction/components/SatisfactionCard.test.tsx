import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { satisfactionMessages, type MySatisfactionAnswer } from '../../../../shared/satisfaction';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { SatisfactionCard } from './SatisfactionCard';

afterEach(() => vi.unstubAllGlobals());

const DAY_MS = 24 * 60 * 60 * 1000;
/** Testing Library reads no-break spaces as plain ones: messages typed with French typography are compared the same way. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

function answer(overrides: Partial<MySatisfactionAnswer> = {}): MySatisfactionAnswer {
  const created = new Date(Date.now() - 2 * DAY_MS);
  return {
    course_id: 7,
    rating: 3,
    comment: 'Utile mais un peu long',
    comment_hidden: false,
    created_at: created.toISOString(),
    updated_at: created.toISOString(),
    editable_until: new Date(created.getTime() + 30 * DAY_MS).toISOString(),
    ...overrides,
  };
}

function renderCard() {
  signInAs(sessionUser());
  return renderRoutes('/', { '/': <SatisfactionCard courseId={7} /> });
}

describe('the rating form of a completed course', () => {
  it('asks for a note with a labelled group of five radio stars, usable with the keyboard, and sends it with the comment', async () => {
    const saved = answer({ rating: 4, comment: 'Très concret' });
    const api = mockApi({ 'GET /api/user/satisfaction': { body: { items: [] } }, 'PUT /api/courses/7/satisfaction': { body: saved } });
    renderCard();

    const card = await screen.findByRole('region', { name: 'Votre avis sur la formation' });
    const group = within(card).getByRole('group', { name: 'Votre note (obligatoire)' });
    // Five stars, each named by its note and its meaning, and "Aucune note" (MUI's empty choice).
    expect(within(group).getAllByRole('radio')).toHaveLength(6);
    for (const name of ['1 sur 5 – Pas du tout satisfait', '2 sur 5 – Peu satisfait', '3 sur 5 – Moyennement satisfait', '4 sur 5 – Satisfait', '5 sur 5 – Très satisfait']) {
      expect(within(group).getByRole('radio', { name })).not.toBeChecked();
    }

    // Keyboard only: from a star, the arrow keys choose the note.
    const user = userEvent.setup({ delay: null });
    act(() => within(group).getByRole('radio', { name: '3 sur 5 – Moyennement satisfait' }).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '5 sur 5 – Très satisfait' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: '4 sur 5 – Satisfait' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 sur 5 – Satisfait' })).toHaveFocus();
    await user.type(within(card).getByRole('textbox', { name: 'Votre commentaire (facultatif)' }), '  Très concret  ');
    await user.click(within(card).getByRole('button', { name: 'Envoyer mon avis' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/courses/7/satisfaction');
    expect(put.body).toEqual({ rating: 4, comment: 'Très concret' });
    expect(await within(card).findByText('Merci pour votre avis !')).toBeInTheDocument();
    expect(within(card).getByText('4 sur 5')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Modifier mon avis' })).toBeInTheDocument();
  });

  it('refuses to send without a note, and a comment over 2 000 characters, with the server’s French messages', async () => {
    const api = mockApi({ 'GET /api/user/satisfaction': { body: { items: [] } } });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Votre avis sur la formation' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await within(card).findByText(satisfactionMessages.ratingRequired)).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Votre note (obligatoire)' })).toHaveAccessibleDescription(satisfactionMessages.ratingRequired);

    // A plain click: jsdom lays nothing out, so the stars' hover (read from the pointer's position) would be wrong.
    fireEvent.click(within(card).getByRole('radio', { name: '5 sur 5 – Très satisfait' }));
    await waitFor(() => expect(within(card).queryByText(satisfactionMessages.ratingRequired)).not.toBeInTheDocument());
    const comment = within(card).getByRole('textbox', { name: 'Votre commentaire (facultatif)' });
    await user.click(comment);
    await user.paste('a'.repeat(2001));
    await user.click(within(card).getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await within(card).findByText('Le commentaire ne doit pas dépasser 2 000 caractères.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows the server’s refusal once the 30 days are over', async () => {
    mockApi({
      'GET /api/user/satisfaction': { body: { items: [answer()] } },
      'PUT /api/courses/7/satisfaction': { status: 409, body: { error_code: 'invalid_transition', message: satisfactionMessages.editWindowClosed } },
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Votre avis sur la formation' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole('button', { name: 'Modifier mon avis' }));
    // The form opens on the current answer.
    expect(within(card).getByRole('radio', { name: '3 sur 5 – Moyennement satisfait' })).toBeChecked();
    expect(within(card).getByRole('textbox', { name: 'Votre commentaire (facultatif)' })).toHaveValue('Utile mais un peu long');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer mon avis' }));
    expect(await within(card).findByText(plain(satisfactionMessages.editWindowClosed))).toBeInTheDocument();
  });

  it('offers no change once the window is over, and tells the learner when an administrator hid the comment', async () => {
    const old = new Date(Date.now() - 40 * DAY_MS);
    mockApi({
      'GET /api/user/satisfaction': {
        body: { items: [answer({ created_at: old.toISOString(), editable_until: new Date(old.getTime() + 30 * DAY_MS).toISOString(), comment_hidden: true })] },
      },
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Votre avis sur la formation' });
    expect(within(card).getByText('Le délai de modification de votre avis est passé.')).toBeInTheDocument();
    expect(within(card).getByText(/Votre commentaire a été masqué par l'administration/)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
