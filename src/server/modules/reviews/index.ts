import { courseReviews } from '../../db/schema';
import type { ModuleManifest } from '../../lib/module-manifest';
import { reviewsRoutes } from './reviews.routes';

export const reviewsModule: ModuleManifest = {
  name: 'reviews',
  routes: [reviewsRoutes],
  personalData: [
    // A course's own review history is exported with the course (courses' authored_courses).
    { column: courseReviews.actorId, exportedAs: { notExported: "l'administrateur qui a examiné le cours d'une autre personne" }, onAccountDeletion: 'set null' },
  ],
};
