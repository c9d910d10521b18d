/**
 * The course player, interactive on a warm server: from the navigation to the moment its
 * "Marquer comme terminé" button is on screen (React has rendered the lesson and wired the
 * button), in the system Chromium. Baseline: the landing page, measured the same way.
 */
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { and, asc, eq } from 'drizzle-orm';
import { courses, courseSections, lessons } from '../src/server/db/schema';
import { createSession } from '../src/server/lib/sessions';
import { createStorage } from '../src/server/lib/storage';
import { seedDemoCatalogue } from '../src/server/modules/courses/demo-seed';
import { createUser, enrol } from '../src/server/test/factories';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { measureLatency, openBenchDatabase, startBenchApp } from './lib';
import { chromiumLaunch } from '../playwright.config';

const RUNS = 20;

/** p50 and p95 of the time from `goto` to `ready` being visible, after one warm-up visit. */
async function timeToReady(page: Page, url: string, ready: Locator) {
  await page.goto(url);
  await ready.waitFor();
  return measureLatency(RUNS, async () => {
    await page.goto(url, { waitUntil: 'commit' });
    await ready.waitFor();
  });
}

/**
 * The demo catalogue, and a learner enrolled in its first published course that has a text lesson;
 * `storage` holds what the web app keeps in localStorage for that learner once signed in (spec section 3).
 */
export async function demoLearner(database: Database, config: Config) {
  await seedDemoCatalogue(database.db, await createStorage(config));
  const [first] = await database.db
    .select({ courseId: courses.id, lessonId: lessons.id })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(and(eq(courses.status, 'published'), eq(lessons.type, 'text')))
    .orderBy(asc(courses.id), asc(courseSections.position), asc(lessons.position))
    .limit(1);
  if (!first) throw new Error('Le catalogue de démonstration n’a pas de leçon texte.');
  const learner = await createUser(database.db, { role: 'membre', firstname: 'Alex', lastname: 'Mesure' });
  await enrol(database.db, learner.id, first.courseId);
  const token = await createSession(database.db, learner.id);
  const storage: Record<string, string> = {
    accessToken: token,
    token,
    userId: String(learner.id),
    userRole: 'membre',
    firstName: 'Alex',
    lastName: 'Mesure',
    email: learner.email,
    isApproved: 'true',
  };
  return { first, storage };
}

export async function benchPlayer(): Promise<{ playerP95Ms: number; landingP95Ms: number }> {
  const database = await openBenchDatabase('pglite');
  const { app, url, config } = await startBenchApp(database, { webDistDir: path.resolve('dist/web') });
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const { first, storage } = await demoLearner(database, config);
    const context = await browser.newContext({ locale: 'fr-FR' });
    // The values the web app keeps for a signed-in learner (spec section 3), as after a login.
    await context.addInitScript((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    const landing = await timeToReady(page, `${url}/`, page.getByRole('heading', { level: 1 }));
    const player = await timeToReady(page, `${url}/user/courses/${first.courseId}/learn/${first.lessonId}`, page.getByRole('button', { name: 'Marquer comme terminé' }));
    return { playerP95Ms: player.p95Ms, landingP95Ms: landing.p95Ms };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}
