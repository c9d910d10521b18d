import type { ModuleManifest } from '../lib/module-manifest';
import { accountModule } from './account';
import { activityModule } from './activity';
import { adminModule } from './admin';
import { attendanceModule } from './attendance';
import { contractsModule } from './contracts';
import { authModule } from './auth';
import { bpfModule } from './bpf';
import { certificatesModule } from './certificates';
import { coursesModule } from './courses';
import { directoryModule } from './directory';
import { discussionsModule } from './discussions';
import { enrolmentsModule } from './enrolments';
import { evidenceModule } from './evidence';
import { healthModule } from './health';
import { invoicesModule } from './invoices';
import { learningModule } from './learning';
import { meetingsModule } from './meetings';
import { messagesModule } from './messages';
import { moderationModule } from './moderation';
import { notificationsModule } from './notifications';
import { opportunitiesModule } from './opportunities';
import { organisationsModule } from './organisations';
import { passwordModule } from './password';
import { profileModule } from './profile';
import { providerModule } from './provider';
import { qualityModule } from './quality';
import { quotesModule } from './quotes';
import { reviewsModule } from './reviews';
import { satisfactionModule } from './satisfaction';
import { sessionsModule } from './sessions';
import { trainersModule } from './trainers';

/**
 * Every server module, in the declared order (eslint/module-order.js): a module may import the
 * `index.ts` of one listed before it, never of one after it. The app registers their routes, and
 * the start's preparation, housekeeping and file sweep, the data export and both account
 * deletions go through this list; no module may import it (it names them all).
 */
export const modules: readonly ModuleManifest[] = [
  healthModule,
  notificationsModule,
  providerModule,
  invoicesModule,
  certificatesModule,
  enrolmentsModule,
  satisfactionModule,
  meetingsModule,
  learningModule,
  organisationsModule,
  authModule,
  passwordModule,
  accountModule,
  profileModule,
  trainersModule,
  coursesModule,
  sessionsModule,
  attendanceModule,
  contractsModule,
  quotesModule,
  reviewsModule,
  discussionsModule,
  adminModule,
  qualityModule,
  bpfModule,
  directoryModule,
  opportunitiesModule,
  messagesModule,
  moderationModule,
  activityModule,
  evidenceModule,
];
