import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { settings, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { userSearchText } from '../../lib/search-text';

/** The settings row naming the account this installation created as its administrator. */
export const BOOTSTRAP_ADMIN_SETTING = 'bootstrap_admin_id';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Makes sure an administrator can sign in (decision 008). The account is known by its id, kept
 * in `settings`, never by its address: once created, it is left alone (its owner may change its
 * e-mail and password), and nobody who later holds ADMIN_EMAIL is ever promoted or given
 * ADMIN_PASSWORD. With ADMIN_EMAIL/ADMIN_PASSWORD set, the account is created when none is
 * recorded and the address is free (an administrator already holding it, from before the record,
 * is adopted as it is); on an empty database without them, `admin@ecoforma.local` is created with a
 * random password printed once.
 */
export async function ensureAdminAccount(db: Db, config: Config, log: Log): Promise<void> {
  if (config.adminEmail || config.adminPassword) {
    if (!config.adminEmail || !config.adminPassword) {
      log.warn('ADMIN_EMAIL et ADMIN_PASSWORD doivent être définis ensemble ; compte administrateur non modifié.');
      return;
    }
    const email = config.adminEmail.trim().toLowerCase();
    const recorded = await recordedAdmin(db);
    if (recorded) {
      log.info(`Compte administrateur initial déjà créé (n° ${recorded.id}) ; ADMIN_EMAIL et ADMIN_PASSWORD ne servent qu'à sa création.`);
      return;
    }
    const [holder] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
    if (holder && holder.role !== 'admin') {
      log.warn(
        `L'adresse ADMIN_EMAIL (${email}) appartient à un compte qui n'est pas administrateur : il n'est ni promu ni modifié. Choisissez une adresse libre.`,
      );
      return;
    }
    if (holder) await recordAdmin(db, holder.id);
    else if (!(await createAdmin(db, email, await hashPassword(config.adminPassword)))) return;
    log.info(`Compte administrateur prêt : ${email}`);
    return;
  }
  const [{ total }] = (await db.select({ total: count() }).from(users)) as [{ total: number }];
  if (total > 0) return;
  const email = 'admin@ecoforma.local';
  const password = randomBytes(12).toString('base64url');
  if (!(await createAdmin(db, email, await hashPassword(password)))) return;
  // Printed once, on the console only: there is no other way to learn it.
  process.stdout.write(
    `\nCompte administrateur créé.\n  E-mail : ${email}\n  Mot de passe : ${password}\n  (affiché une seule fois ; définissez ADMIN_EMAIL et ADMIN_PASSWORD pour le choisir)\n\n`,
  );
}

/** The recorded bootstrap administrator, if the account still exists. */
async function recordedAdmin(db: Db): Promise<{ id: number } | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, BOOTSTRAP_ADMIN_SETTING));
  const id = Number(row?.value);
  if (!Number.isInteger(id) || id <= 0) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return user ?? null;
}

async function recordAdmin(db: Pick<Db, 'insert'>, id: number): Promise<void> {
  await db
    .insert(settings)
    .values({ key: BOOTSTRAP_ADMIN_SETTING, value: String(id) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(id), updatedAt: new Date() } });
}

/**
 * Creates the administrator and records it, in one transaction. False when another process
 * starting at the same time took the address first (it records its own account).
 */
async function createAdmin(db: Db, email: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        firstname: 'Admin',
        lastname: 'EcoForma',
        role: 'admin' as const,
        isValid: true,
        // The operator chose this address: there is nobody to ask to confirm it.
        emailConfirmedAt: new Date(),
        searchText: userSearchText({ firstname: 'Admin', lastname: 'EcoForma', email }),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) return false;
    await recordAdmin(tx as unknown as Db, created.id);
    return true;
  });
}
