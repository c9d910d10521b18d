import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webPaths } from '../../../../shared/web-paths';
import { renderRoutes } from '../../../test/render';
import { mockStatusResponses, signIn, statusOf } from '../test/fixtures';
import WaitingApprovalPage from './WaitingApprovalPage';

function renderPage() {
  return renderRoutes(webPaths.waitingApproval, { [webPaths.waitingApproval]: <WaitingApprovalPage /> });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const meeting = { date: '2099-06-01T08:00:00.000Z', url: 'https://meet.jit.si/EcoForma-7-1717228800000-a1b2c3' };

describe('WaitingApprovalPage', () => {
  it('shows the waiting page with the four steps and 20 % when no interview is scheduled', async () => {
    const fetchMock = mockStatusResponses(statusOf({ state: 'cv_received' }));
    signIn();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: "Compte en attente d'approbation" })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/formateur/7/status');
    expect(screen.getByText('Bonjour Camille,')).toBeInTheDocument();
    expect(screen.getByText('camille.durand@exemple.fr')).toBeInTheDocument();
    expect(screen.getByText('sous 48 heures')).toBeInTheDocument();
    for (const step of ['Compte créé', "Planification de l'entretien", "Entretien avec l'administrateur", 'Approbation finale']) {
      expect(screen.getAllByText(step).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('20 %')).toBeInTheDocument();
    expect(screen.queryByText("Entretien avec l'administrateur", { selector: 'h2' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mon profil' })).toHaveAttribute('href', webPaths.profile);
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', webPaths.home);
  });

  it('shows the interview card and 40 % once an interview is scheduled; the room is not open yet', async () => {
    // The server withholds the room's address until the room opens.
    mockStatusResponses(statusOf({ state: 'interview_scheduled', meeting: { ...meeting, url: null } }));
    signIn();
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: "Entretien avec l'administrateur" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejoindre quand prêt' })).toBeDisabled();
    expect(screen.getByText("Le lien sera actif le lundi 1 juin 2099 à 09:45, 15 minutes avant l'entretien.")).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '40');
  });

  it('shows the status failure message of the spec', async () => {
    mockStatusResponses({ status: 500, body: { error_code: 'server_error', message: 'Erreur' } });
    signIn();
    renderPage();
    expect(
      await screen.findByText('Impossible de vérifier le statut de votre entretien. Veuillez réessayer plus tard.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '20');
  });

  it('says a refused application was not accepted, with the reason, and offers a new CV', async () => {
    mockStatusResponses(statusOf({ state: 'refused', rejectionReason: 'Expérience insuffisante en RSE' }));
    signIn();
    renderPage();
    expect(await screen.findByText("Votre candidature de formateur n'a pas été retenue.")).toBeInTheDocument();
    expect(screen.getByText("Motif indiqué par l'administrateur : Expérience insuffisante en RSE")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Envoyer un nouveau CV' })).toHaveAttribute('href', webPaths.uploadCv);
  });

  it('says so when a refusal came without a reason', async () => {
    mockStatusResponses(statusOf({ state: 'refused' }));
    signIn();
    renderPage();
    expect(await screen.findByText("L'administrateur n'a pas précisé de motif.")).toBeInTheDocument();
  });

  it('tells an approved trainer and offers their courses', async () => {
    mockStatusResponses(statusOf({ state: 'approved', isApproved: true }));
    signIn();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre compte formateur est approuvé' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mes cours' })).toHaveAttribute('href', webPaths.trainerCourses);
  });

  it('offers the upload page to a trainer who has not sent a CV', async () => {
    mockStatusResponses(statusOf({ state: 'no_cv' }));
    signIn();
    renderPage();
    expect(await screen.findByText(/Vous n'avez pas encore envoyé votre CV/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Envoyer mon CV' })).toHaveAttribute('href', webPaths.uploadCv);
  });

  it('explains to an administrator that the page is for trainers, without asking the server', async () => {
    const fetchMock = mockStatusResponses(statusOf());
    signIn({ role: 'admin', isApproved: true });
    renderPage();
    expect(screen.getByText(/Cette page est réservée aux formateurs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tableau de bord admin' })).toHaveAttribute('href', webPaths.adminDashboard);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
