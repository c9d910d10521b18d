import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationList, ConversationSummary, MessageItem, MessagePage } from '../../../../shared/messages';
import { HIDDEN_BY_MODERATION, REMOVED_BY_MODERATION } from '../../../../shared/moderation';
import { dispatchLiveEvent } from '../../../lib/live-events';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import MessagesNavButton from '../components/MessagesNavButton';
import MessagesPage from './MessagesPage';

function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 5,
    correspondent: { id: 9, name: 'Claire Formatrice' },
    course: { id: 3, title: 'Compostage collectif' },
    last_message: { body: 'Bonjour !', created_at: '2026-03-02T10:00:00Z', mine: false },
    unread: 2,
    blocked_by_me: false,
    can_write: true,
    updated_at: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

function message(id: number, overrides: Partial<MessageItem> = {}): MessageItem {
  return { id, conversation_id: 5, sender_id: 9, mine: false, body: `Message ${id}`, html: `<p>Message ${id}</p>`, created_at: '2026-03-02T10:00:00Z', ...overrides };
}

function list(items: ConversationSummary[]): ConversationList {
  return { items, unread: items.reduce((n, c) => n + c.unread, 0), total: items.length, page: 1, pageSize: 100 };
}

function renderPage(entry: string) {
  signInAs(sessionUser({ id: 7 }));
  renderRoutes(
    entry,
    {
      '/messages/:conversationId?': (
        <>
          <MessagesNavButton userId={7} />
          <MessagesPage />
        </>
      ),
    },
    { showLocation: true },
  );
}

describe('MessagesPage', () => {
  it('lists the conversations with their unread count in words, and says when there is none', async () => {
    mockApi({ 'GET /api/conversations': { body: list([summary(), summary({ id: 6, correspondent: { id: null, name: 'Compte supprimé' }, unread: 0, course: null })]) } });
    renderPage('/messages');
    const conversations = await screen.findByRole('list', { name: 'Conversations' });
    const links = within(conversations).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('Claire Formatrice'));
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('2 non lus'));
    expect(links[0]).toHaveAttribute('href', '/messages/5');
    expect(links[1]).toHaveAccessibleName(expect.stringContaining('Compte supprimé'));
    expect(await screen.findByRole('link', { name: 'Messages, 2 non lus' })).toBeInTheDocument();
    expect(screen.getByText('Choisissez une conversation pour la lire.')).toBeInTheDocument();
  });

  it('opens a thread, reads it, and sends a message from the labelled field with the keyboard (Ctrl+Entrée)', async () => {
    const user = userEvent.setup({ delay: null });
    let items = [message(1), message(2, { mine: true, sender_id: 7, body: 'Ma réponse', html: '<p>Ma <strong>réponse</strong></p>' })];
    let unread = 2;
    const { calls } = mockApi({
      'GET /api/conversations': () => ({ body: list([summary({ unread })]) }),
      'GET /api/conversations/5/messages': () => ({ body: { conversation: summary({ unread }), items, total: items.length, page: 1, pageSize: 30 } satisfies MessagePage }),
      'POST /api/conversations/5/read': () => {
        unread = 0;
        return { body: { unread: 0 } };
      },
      'POST /api/conversations/5/messages': (_url, init) => {
        const { body } = JSON.parse(String(init?.body)) as { body: string };
        const sent = message(3, { mine: true, sender_id: 7, body, html: `<p>${body}</p>` });
        items = [...items, sent];
        return { status: 201, body: sent };
      },
    });
    renderPage('/messages/5');
    const log = await screen.findByRole('log', { name: 'Messages avec Claire Formatrice' });
    expect(within(log).getByText('Message 1')).toBeInTheDocument();
    expect(within(log).getByText('réponse').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { name: 'Claire Formatrice' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/conversations/5/read')).toBe(true));

    const field = screen.getByRole('textbox', { name: 'Votre message' });
    await user.click(field);
    await user.keyboard('Merci beaucoup{Control>}{Enter}{/Control}');
    expect(await within(log).findByText('Merci beaucoup')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/conversations/5/messages')!.body).toEqual({ body: 'Merci beaucoup' });
    expect(field).toHaveValue('');
  });

  it('refuses an empty message under the field, and shows the server’s refusal (429) above it', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/conversations': { body: list([summary({ unread: 0 })]) },
      'GET /api/conversations/5/messages': { body: { conversation: summary({ unread: 0 }), items: [], total: 0, page: 1, pageSize: 30 } },
      'POST /api/conversations/5/messages': { status: 429, body: { error_code: 'too_many_attempts', message: 'Vous avez envoyé trop de messages.' } },
    });
    renderPage('/messages/5');
    await user.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(screen.getByRole('textbox', { name: 'Votre message' })).toHaveAccessibleDescription('Le message est vide.');
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Encore');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous avez envoyé trop de messages.');
  });

  it('shows a message arriving on the live stream without reloading', async () => {
    let items = [message(1)];
    mockApi({
      'GET /api/conversations': () => ({ body: list([summary({ unread: 0 })]) }),
      'GET /api/conversations/5/messages': () => ({ body: { conversation: summary({ unread: 0 }), items, total: items.length, page: 1, pageSize: 30 } }),
      'POST /api/conversations/5/read': { body: { unread: 0 } },
    });
    renderPage('/messages/5');
    const log = await screen.findByRole('log');
    items = [...items, message(2, { body: 'Nouvelle réponse', html: '<p>Nouvelle réponse</p>' })];
    act(() => dispatchLiveEvent({ type: 'message', conversation_id: 5, message_id: 2 }));
    expect(await within(log).findByText('Nouvelle réponse')).toBeInTheDocument();
  });

  it('blocks after confirmation, then offers « Débloquer » and says why writing stops', async () => {
    const user = userEvent.setup({ delay: null });
    let blocked = false;
    const { calls } = mockApi({
      'GET /api/conversations': () => ({ body: list([summary({ unread: 0, blocked_by_me: blocked, can_write: !blocked })]) }),
      'GET /api/conversations/5/messages': () => ({ body: { conversation: summary({ unread: 0, blocked_by_me: blocked, can_write: !blocked }), items: [message(1)], total: 1, page: 1, pageSize: 30 } }),
      'POST /api/users/9/block': () => {
        blocked = true;
        return { body: { blocked: true } };
      },
    });
    renderPage('/messages/5');
    await user.click(await screen.findByRole('button', { name: 'Bloquer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquer Claire Formatrice\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Bloquer' }));
    expect(await screen.findByRole('button', { name: 'Débloquer' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/users/9/block')).toBe(true);
    expect(screen.getByText(/Vous avez bloqué cette personne/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Votre message' })).not.toBeInTheDocument();
  });

  it('offers « Signaler ce message » on the other’s messages only, and marks one’s own message hidden by moderation', async () => {
    const items = [
      message(1),
      message(2, { mine: true, sender_id: 7, body: 'Mon message', html: '<p>Mon message</p>', moderation: 'hidden' }),
      message(3, { body: REMOVED_BY_MODERATION, html: `<p>${REMOVED_BY_MODERATION}</p>`, moderation: 'removed' }),
    ];
    mockApi({
      'GET /api/conversations': { body: list([summary({ unread: 0 })]) },
      'GET /api/conversations/5/messages': { body: { conversation: summary({ unread: 0 }), items, total: items.length, page: 1, pageSize: 30 } },
    });
    renderPage('/messages/5');
    const log = await screen.findByRole('log', { name: 'Messages avec Claire Formatrice' });
    const bubbles = await within(log).findAllByRole('listitem');
    expect(within(bubbles[0]!).getByRole('button', { name: 'Signaler ce message' })).toBeInTheDocument();
    expect(within(bubbles[1]!).queryByRole('button', { name: 'Signaler ce message' })).not.toBeInTheDocument();
    expect(within(bubbles[1]!).getByText(HIDDEN_BY_MODERATION)).toBeInTheDocument();
    expect(within(bubbles[2]!).getByText(REMOVED_BY_MODERATION)).toBeInTheDocument();
    expect(within(bubbles[2]!).queryByRole('button', { name: 'Signaler ce message' })).not.toBeInTheDocument();
    expect(within(log).getAllByRole('button', { name: 'Signaler ce message' })).toHaveLength(1);
  });

  it('gives a way back to the list from a thread (the phone’s full-screen thread)', async () => {
    mockApi({
      'GET /api/conversations': { body: list([summary({ unread: 0 })]) },
      'GET /api/conversations/5/messages': { body: { conversation: summary({ unread: 0 }), items: [], total: 0, page: 1, pageSize: 30 } },
    });
    renderPage('/messages/5');
    await userEvent.click(await screen.findByRole('link', { name: 'Retour aux conversations' }));
    expect(screen.getByTestId('adresse')).toHaveTextContent(/^\/messages$/);
  });
});
