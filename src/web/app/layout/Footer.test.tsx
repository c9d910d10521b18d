import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession, type SessionUser } from '../../lib/session';
import { renderRoutes } from '../../test/render';
import { sessionUser, signInAs } from '../../test/session';
import { Footer } from './Footer';

function navigationLinks() {
  renderRoutes('/', { '*': <Footer /> });
  const nav = screen.getByRole('navigation', { name: 'Navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

beforeEach(() => useSession.getState().clear());

describe('Footer', () => {
  it('invites a visitor to log in or sign up', () => {
    expect(navigationLinks()).toEqual([
      ['Accueil', '/'],
      ['À propos', '/about'],
      ['Nos formations', '/courses'],
      ['Connexion', '/login'],
      ["S'inscrire", '/signup'],
    ]);
  });

  it.each<[string, Partial<SessionUser>, [string, string]]>([
    ['a member', { role: 'membre' }, ['Mon profil', '/profile']],
    ['an organisation', { role: 'organisme' }, ['Mon profil', '/profile']],
    ['an approved trainer', { role: 'formateur', isApproved: true }, ['Mes cours', '/formateur/courses']],
    ['a trainer awaiting approval', { role: 'formateur', isApproved: false }, ["Statut d'approbation", '/formateur/waiting-approval']],
    ['an administrator', { role: 'admin' }, ['Tableau de bord admin', '/admin/dashboard']],
  ])('gives %s the catalogue and their own page instead of Connexion / S’inscrire', (_who, overrides, ownPage) => {
    signInAs(sessionUser(overrides));
    expect(navigationLinks()).toEqual([['Accueil', '/'], ['À propos', '/about'], ['Nos formations', '/user/courses'], ownPage]);
  });
});
