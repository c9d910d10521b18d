import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import LandingPage from './LandingPage';

function renderLanding() {
  renderRoutes('/', { '/': <LandingPage /> });
}

/** Every link on the page that leads to the signup screen. */
function signupLinks() {
  return screen.queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/signup'));
}

beforeEach(() => useSession.getState().clear());

describe('LandingPage', () => {
  it('invites a visitor to sign up from the hero, each audience and the closing call', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Commencer maintenant' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: "S'inscrire comme membre" })).toHaveAttribute('href', '/signup?role=membre');
    expect(screen.getByRole('link', { name: 'Devenir formateur' })).toHaveAttribute('href', '/signup?role=formateur');
    expect(screen.getByRole('link', { name: 'Inscrire mon organisation' })).toHaveAttribute('href', '/signup?role=organisme');
    expect(screen.getByRole('heading', { level: 2, name: 'Rejoignez le mouvement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer mon compte' })).toHaveAttribute('href', '/signup');
    expect(signupLinks()).toHaveLength(5);
  });

  it('offers a signed-in member the catalogue and their profile, and no signup link', () => {
    signInAs(sessionUser({ role: 'membre' }));
    renderLanding();
    expect(screen.getByRole('link', { name: 'Voir les formations' })).toHaveAttribute('href', '/user/courses');
    expect(screen.getByRole('heading', { level: 2, name: 'Poursuivez votre parcours' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon profil' })).toHaveAttribute('href', '/profile');
    expect(signupLinks()).toEqual([]);
    // The audiences stay described, for what they are.
    expect(screen.getByRole('heading', { level: 3, name: 'Formateurs' })).toBeInTheDocument();
  });

  it('sends a signed-in administrator to the dashboard from the closing call', () => {
    signInAs(sessionUser({ role: 'admin' }));
    renderLanding();
    expect(screen.getByRole('link', { name: 'Tableau de bord admin' })).toHaveAttribute('href', '/admin/dashboard');
    expect(signupLinks()).toEqual([]);
  });
});
