import { webPaths } from '../../shared/web-paths';
import type { SessionUser } from './session';

/** A link offered to someone signed in where a visitor is invited to log in or sign up. */
export interface SpaceLink {
  label: string;
  to: string;
}

/** The course catalogue of signed-in users, where they enrol. */
export const catalogueLink: SpaceLink = { label: 'Voir les formations', to: webPaths.catalogue };

/** The signed-in user's own page, named as in their account menu. */
export function ownSpaceLink(user: SessionUser): SpaceLink {
  switch (user.role) {
    case 'admin':
      return { label: 'Tableau de bord admin', to: webPaths.adminDashboard };
    case 'formateur':
      return user.isApproved ? { label: 'Mes cours', to: webPaths.trainerCourses } : { label: "Statut d'approbation", to: webPaths.waitingApproval };
    case 'membre':
    case 'organisme':
      return { label: 'Mon profil', to: webPaths.profile };
  }
}
