import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { OpportunityForm } from './OpportunityForm';
import { RespondForm } from './RespondForm';

afterEach(() => vi.unstubAllGlobals());

const attestations = {
  items: [
    { code: 'AAAAAAAAAAAAAAAAAAAAAA', course_title: 'Compostage collectif', issued_at: '2026-03-02T10:00:00.000Z' },
    { code: 'BBBBBBBBBBBBBBBBBBBBBB', course_title: 'Zéro déchet', issued_at: '2026-04-02T10:00:00.000Z' },
  ],
};

describe('RespondForm', () => {
  it('sends the message with only the attestations the applicant ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/user/attestations': { body: attestations },
      'POST /api/opportunities/9/applications': { status: 201, body: { id: 1, kind: 'application', created_at: '2026-05-01T10:00:00.000Z' } },
    });
    renderRoutes('/opportunites/9', { '/opportunites/9': <RespondForm opportunityId={9} kind="application" /> });
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Motivée pour ce poste.');
    await user.click(await screen.findByRole('checkbox', { name: /Zéro déchet/ }));
    await user.click(screen.getByRole('button', { name: 'Envoyer ma candidature' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Votre candidature est envoyée.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ message: 'Motivée pour ce poste.', certificate_codes: ['BBBBBBBBBBBBBBBBBBBBBB'] });
  });

  it('says why a second application is refused', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/user/attestations': { body: { items: [] } },
      'POST /api/opportunities/9/applications': { status: 409, body: { error_code: 'already_answered', message: 'Vous avez déjà répondu à cette opportunité.' } },
    });
    renderRoutes('/opportunites/9', { '/opportunites/9': <RespondForm opportunityId={9} kind="application" /> });
    expect(await screen.findByText('Vous n’avez pas encore d’attestation à montrer.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Encore moi');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma candidature' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous avez déjà répondu à cette opportunité.');
  });

  it('asks an approved trainer for a proposal on a training request, without attestations', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/opportunities/3/proposals': { status: 201, body: { id: 2, kind: 'proposal', created_at: '2026-05-01T10:00:00.000Z' } } });
    renderRoutes('/opportunites/3', { '/opportunites/3': <RespondForm opportunityId={3} kind="proposal" /> });
    expect(screen.queryByText(/Attestations à montrer/)).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Votre proposition/ }), 'Deux demi-journées.');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma proposition' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Votre proposition est envoyée.');
    expect(calls[0]!.body).toEqual({ message: 'Deux demi-journées.' });
  });
});

describe('OpportunityForm', () => {
  it('sends the posting, and shows the server’s field messages', async () => {
    const user = userEvent.setup({ delay: null });
    const submitted: unknown[] = [];
    const onSubmit = vi.fn(async (body: unknown) => {
      submitted.push(body);
      const { ApiError } = await import('../../../lib/api-client');
      throw new ApiError(422, 'validation_failed', 'Certaines informations sont invalides.', { title: ['Le titre doit contenir au moins 5 caractères.'] });
    });
    renderRoutes('/opportunites/nouvelle', { '/opportunites/nouvelle': <OpportunityForm submitLabel="Publier" onSubmit={onSubmit} /> });
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Stage' }));
    await user.type(screen.getByRole('textbox', { name: /Titre/ }), 'Stage');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Un stage de six mois en éco-construction.');
    await user.click(screen.getByRole('combobox', { name: /Région/ }));
    await user.click(await screen.findByRole('option', { name: 'Occitanie' }));
    await user.click(screen.getByRole('checkbox', { name: 'Éco-construction' }));
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Le titre doit contenir au moins 5 caractères.')).toBeInTheDocument();
    expect(submitted[0]).toMatchObject({ type: 'internship', title: 'Stage', region: 'occitanie', domains: ['ecoconstruction'], remote: false, deadline: null });
  });
});
