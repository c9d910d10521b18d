import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qualityMessages } from '../../../../shared/quality';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import ComplaintPage from './ComplaintPage';
import SurveyPage from './SurveyPage';

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.unstubAllGlobals());

describe('ComplaintPage (/reclamation)', () => {
  it('asks a visitor for an e-mail before sending, then sends it and shows the number', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/complaints': { status: 201, body: { id: 12, received_at: '2026-11-27T10:00:00.000Z', message: qualityMessages.complaintReceived } } });
    renderRoutes('/reclamation', { '/reclamation': <ComplaintPage /> });
    await user.type(screen.getByRole('textbox', { name: 'Objet' }), 'Vidéo illisible');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Elle ne se lance pas.');
    await user.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    expect(screen.getByText(qualityMessages.emailRequiredForVisitor)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Votre adresse e-mail' }), 'lou@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Numéro de réclamation\s*:\s*12\./);
    expect(calls[0]!.body).toEqual({ subject: 'Vidéo illisible', description: 'Elle ne se lance pas.', email: 'lou@exemple.fr' });
  });

  it('uses a signed-in person’s account address, without asking for one', async () => {
    const user = userEvent.setup({ delay: null });
    signInAs(sessionUser({ email: 'camille@exemple.fr' }));
    const { calls } = mockApi({ 'POST /api/complaints': { status: 201, body: { id: 13, received_at: '2026-11-27T10:00:00.000Z', message: qualityMessages.complaintReceived } } });
    renderRoutes('/reclamation', { '/reclamation': <ComplaintPage /> });
    expect(screen.queryByRole('textbox', { name: 'Votre adresse e-mail' })).not.toBeInTheDocument();
    expect(screen.getByText('camille@exemple.fr')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Objet' }), 'Facture');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Montant erroné.');
    await user.click(screen.getByRole('button', { name: 'Envoyer la réclamation' }));
    await screen.findByRole('status');
    expect(calls[0]!.body).toEqual({ subject: 'Facture', description: 'Montant erroné.' });
  });
});

describe('SurveyPage (/enquete/:enrolmentId)', () => {
  it('sends the three answers once, then thanks the learner; a refusal is shown in French', async () => {
    const user = userEvent.setup({ delay: null });
    signInAs(sessionUser());
    const state = { enrolment_id: 5, course_title: 'Compostage collectif', completed_at: '2026-09-01T10:00:00.000Z', answered_at: null };
    const { calls } = mockApi({
      'GET /api/surveys/5': { body: state },
      'POST /api/surveys/5': { status: 201, body: { ...state, answered_at: '2026-11-27T10:00:00.000Z' } },
    });
    renderRoutes('/enquete/5', { '/enquete/:enrolmentId': <SurveyPage /> });
    expect(await screen.findByText(/Compostage collectif/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    expect(screen.getByText(qualityMessages.practiceRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /mis en pratique/ }), 'Un composteur au bureau');
    await user.type(screen.getByRole('textbox', { name: /effet/ }), 'Moins de déchets');
    await user.click(screen.getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Merci\s*:\s*votre réponse est enregistrée\./);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ practice: 'Un composteur au bureau', effect: 'Moins de déchets', rating: 4 });
  });

  it('says when the survey is someone else’s', async () => {
    signInAs(sessionUser());
    mockApi({ 'GET /api/surveys/6': { status: 403, body: { error_code: 'forbidden', message: qualityMessages.surveyNotYours } } });
    renderRoutes('/enquete/6', { '/enquete/:enrolmentId': <SurveyPage /> });
    expect(await screen.findByRole('alert')).toHaveTextContent(qualityMessages.surveyNotYours);
  });
});
