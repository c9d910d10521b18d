import type { SessionUser } from '../../lib/session';
import { webPaths } from '../../../shared/web-paths';

/** One entry of the navigation bar or of its hamburger menu. */
export interface NavEntry {
  label: string;
  to: string;
}

const home: NavEntry = { label: 'Accueil', to: webPaths.home };
const about: NavEntry = { label: 'À propos', to: webPaths.about };
const directory: NavEntry = { label: 'Annuaire', to: webPaths.directory };
const opportunitiesEntry: NavEntry = { label: 'Opportunités', to: webPaths.opportunities };

/** The visitor's two buttons, shown beside the links on wide screens and inside the menu on narrow ones. */
export const visitorActions = {
  login: { label: 'Connexion', to: webPaths.login },
  signup: { label: "S'inscrire", to: webPaths.signup },
} as const satisfies Record<string, NavEntry>;

export function isUnapprovedTrainer(user: SessionUser | null): boolean {
  return user?.role === 'formateur' && !user.isApproved;
}

export function isApprovedTrainerUser(user: SessionUser | null): boolean {
  return user?.role === 'formateur' && user.isApproved;
}

/** The main links of spec section 2 "Top navigation bar", per role, on wide screens. */
export function desktopLinks(user: SessionUser | null): NavEntry[] {
  // Visitors reach the catalogue from the bar too: it is what they came for (issue 25).
  if (!user) return [home, { label: 'Formations', to: webPaths.catalogue }, about];
  switch (user.role) {
    case 'membre':
      return [home, { label: 'Cours', to: webPaths.catalogue }, { label: 'Mes formations', to: webPaths.myLearning }, opportunitiesEntry, directory, about];
    case 'organisme':
      // Its own space (decision 025): the progress of its members, its members, the catalogue it enrols them in.
      return [home, { label: 'Tableau de bord', to: webPaths.organisationDashboard }, { label: 'Membres', to: webPaths.organisationMembers }, { label: 'Devis', to: webPaths.organisationQuotes }, { label: 'Cours', to: webPaths.catalogue }, opportunitiesEntry, directory, about];
    case 'formateur':
      return user.isApproved
        ? [home, { label: 'Mes cours', to: webPaths.trainerCourses }, { label: 'Ajouter un cours', to: webPaths.addCourse }, opportunitiesEntry, directory, about]
        : [];
    case 'admin':
      return [];
  }
}

/** The hamburger menu's entries below the large breakpoint (seven links no longer fit beside the logo, issue 26): the same links, plus the visitor's buttons. */
export function mobileLinks(user: SessionUser | null): NavEntry[] {
  if (!user) return [...desktopLinks(null), visitorActions.login, visitorActions.signup];
  // An unapproved trainer has nothing on wide screens, but the menu keeps a way to their status.
  if (isUnapprovedTrainer(user)) return [{ label: 'Statut', to: webPaths.waitingApproval }];
  return desktopLinks(user);
}

/** Whether an entry is the current page (or a page under it), for aria-current and the highlight. */
export function isActive(entry: NavEntry, pathname: string): boolean {
  return entry.to === webPaths.home ? pathname === webPaths.home : pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
