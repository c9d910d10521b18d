import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeSearch } from '../../../shared/text';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

/**
 * Makes sure an administrator can sign in: the account of ADMIN_EMAIL/ADMIN_PASSWORD when set,
 * or, on an empty database, `admin@ecoforma.local` with a random password printed once.
 */
export async function ensureAdminAccount(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
  if (config.adminEmail || config.adminPassword) {
    if (!config.adminEmail || !config.adminPassword) {
      log.warn('ADMIN_EMAIL et ADMIN_PASSWORD doivent être définis ensemble ; compte administrateur non modifié.');
      return;
    }
    const email = config.adminEmail.trim().toLowerCase();
    const passwordHash = await hashPassword(config.adminPassword);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      await db.update(users).set({ passwordHash, role: 'admin', isValid: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    } else {
      await db.insert(users).values(adminValues(email, passwordHash));
    }
    log.info(`Compte administrateur prêt : ${email}`);
    return;
  }
  const [{ total }] = (await db.select({ total: count() }).from(users)) as [{ total: number }];
  if (total > 0) return;
  const email = 'admin@ecoforma.local';
  const password = randomBytes(12).toString('base64url');
  await db.insert(users).values(adminValues(email, await hashPassword(password)));
  // Printed once, on the console only: there is no other way to learn it.
  process.stdout.write(
    `\nCompte administrateur créé.\n  E-mail : ${email}\n  Mot de passe : ${password}\n  (affiché une seule fois ; définissez ADMIN_EMAIL et ADMIN_PASSWORD pour le choisir)\n\n`,
  );
}

function adminValues(email: string, passwordHash: string) {
  return {
    email,
    passwordHash,
    firstname: 'Admin',
    lastname: 'EcoForma',
    role: 'admin' as const,
    isValid: true,
    searchText: normalizeSearch(`Admin EcoForma ${email}`),
  };
}
