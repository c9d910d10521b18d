import type { ModuleManifest } from '../../lib/module-manifest';
import { accountRoutes } from './account.routes';

export { deletedAccountLabel, eraseAccount, removeAccountFiles } from './account-deletion.service';

/** The account's life cycle: its address, its data export and its deletion, which go through every manifest. */
export const accountModule: ModuleManifest = { name: 'account', routes: [accountRoutes] };
