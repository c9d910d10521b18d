import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons } from './support/learning';
import { approvedTrainer } from './support/roles';

const reason = 'Précisez les prérequis : faut-il un jardin ou un balcon ?';

test('a trainer submits a course, the admin asks for changes, the trainer fixes and resubmits, the admin publishes, a learner follows three lessons and resumes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Compost en appartement ${randomUUID().slice(0, 6)}`;
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Noé', lastname: 'Auteur' });
  // The trainer's first three lessons, written through the API like the authoring journey's course.
  const course = await createCourseWithLessons(request, trainer, title, [
    {
      title: 'Démarrer',
      lessons: [
        { title: 'Choisir son lombricomposteur', duration_minutes: 10, body_markdown: '## Trois modèles\n\nLe plus simple tient **sous un évier**.' },
        { title: 'Installer les vers', duration_minutes: 12, body_markdown: 'Une poignée de vers, du carton humide.' },
        { title: 'Nourrir le bac', duration_minutes: 8, body_markdown: 'Des épluchures, pas d’agrumes.' },
      ],
    },
  ]);

  // The trainer: a draft, with what is missing before it can be submitted.
  await signInBrowser(page, trainer);
  await page.goto(webPaths.trainerCourses);
  const myCourse = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
  await expect(myCourse.getByText('Brouillon')).toBeVisible();
  await myCourse.getByRole('link', { name: `Contenu du cours ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contenu du cours' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Soumettre pour validation' });
  await expect(submit).toBeDisabled();
  await expect(page.getByText('Indiquez le public visé.')).toBeVisible();

  // Public information, and a fourth lesson.
  await page.getByRole('textbox', { name: 'Objectif 1', exact: true }).fill('Composter ses déchets de cuisine sans jardin');
  await page.getByLabel('Public visé').fill('Habitants d’appartement');
  await page.getByLabel('Prérequis').fill('Aucun');
  await page.getByLabel("Modalités d'évaluation").fill('Quiz final');
  // The practical information a submission also requires (Qualiopi indicator 1, issue 27).
  await page.getByLabel("Délais d'accès").fill('Accès immédiat après l’inscription');
  await page.getByLabel('Méthodes mobilisées').fill('Leçons et quiz à distance');
  await page.getByLabel('Accessibilité aux personnes en situation de handicap').fill('Contenus lisibles au clavier et au lecteur d’écran');
  await page.getByLabel('Contact', { exact: true }).fill('Noé Auteur, formation@compost.example');
  await page.getByRole('button', { name: 'Enregistrer les informations' }).click();
  await expect(page.getByText('Informations publiques enregistrées.')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter une leçon au chapitre « Démarrer »' }).click();
  const lessonDialog = page.getByRole('dialog', { name: 'Ajouter une leçon' });
  await lessonDialog.getByLabel('Titre de la leçon').fill('Récolter le compost');
  await lessonDialog.getByLabel('Durée (en minutes)').fill('15');
  await lessonDialog.getByLabel('Contenu (Markdown)').fill('Au bout de trois mois, le bac du bas est prêt.');
  await lessonDialog.getByRole('button', { name: 'Enregistrer la leçon' }).click();
  await expect(lessonDialog).toBeHidden();
  await expect(page.getByText('Avant de soumettre ce cours')).toBeHidden();
  await expectNoAxeViolations(page);
  await submit.click();
  await expect(page.getByText('Le cours a été soumis pour validation.')).toBeVisible();
  await expect(page.getByText('En attente de validation').first()).toBeVisible();

  // The administrator finds it in the queue, reads it whole and asks for changes.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto(webPaths.adminDashboard);
  await adminPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Formations à valider' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Formations à valider' })).toBeVisible();
  await adminPage.getByRole('link', { name: `Examiner le cours ${title}` }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(adminPage.getByText('Composter ses déchets de cuisine sans jardin')).toBeVisible();
  await expect(adminPage.getByRole('heading', { level: 2, name: 'Trois modèles' })).toBeVisible();
  await expect(adminPage.getByText('Au bout de trois mois, le bac du bas est prêt.')).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await adminPage.getByRole('button', { name: 'Demander des modifications' }).click();
  const changes = adminPage.getByRole('dialog', { name: 'Demander des modifications' });
  await changes.getByRole('textbox', { name: /Motif/ }).fill(reason);
  await changes.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(changes).toBeHidden();
  await expect(adminPage.getByText("Les modifications ont été demandées à l'auteur.")).toBeVisible();

  // The trainer reads the reason, fixes and submits again.
  await page.goto(webPaths.trainerCourses);
  await expect(myCourse.getByText('Modifications demandées', { exact: true })).toBeVisible();
  await expect(myCourse.getByText(reason.replace(' :', '\u00a0:'))).toBeVisible();
  await myCourse.getByRole('link', { name: `Contenu du cours ${title}` }).click();
  await page.getByLabel('Prérequis').fill('Aucun : un coin de cuisine ou de balcon suffit.');
  await page.getByRole('button', { name: 'Enregistrer les informations' }).click();
  await expect(page.getByText('Informations publiques enregistrées.')).toBeVisible();
  await page.getByRole('button', { name: 'Soumettre pour validation' }).click();
  await expect(page.getByText('Le cours a été soumis pour validation.')).toBeVisible();

  // The administrator publishes it.
  await adminPage.goto(webPaths.adminCourses);
  await adminPage.getByRole('link', { name: `Examiner le cours ${title}` }).click();
  await expect(adminPage.getByText('Aucun : un coin de cuisine ou de balcon suffit.'.replace(' :', '\u00a0:'))).toBeVisible();
  await adminPage.getByRole('button', { name: 'Publier' }).click();
  await expect(adminPage.getByText('Le cours est publié.')).toBeVisible();
  await adminContext.close();

  // A learner finds it in the catalogue, enrols and follows three lessons.
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  const learner = await signupViaApi(request, 'membre', { firstname: 'Inès', lastname: 'Apprenante' });
  await signInBrowser(learnerPage, learner);
  await learnerPage.goto(webPaths.catalogue);
  await learnerPage.getByRole('searchbox', { name: 'Rechercher des cours' }).fill(title);
  // The search applies once typing pauses: the list then holds this course alone.
  await expect(learnerPage).toHaveURL(/q=/);
  await expect(learnerPage.getByRole('article')).toHaveCount(1);
  await learnerPage.getByRole('link', { name: title }).click();
  await expect(learnerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await learnerPage.getByRole('button', { name: "S'inscrire maintenant" }).first().click();
  await expect(learnerPage.getByText('Vous êtes inscrit à ce cours.')).toBeVisible();
  await learnerPage.getByRole('navigation', { name: /principale/i }).getByRole('link', { name: 'Mes formations' }).click();
  await learnerPage.getByRole('listitem', { name: title }).getByRole('link', { name: 'Commencer' }).click();
  for (const lesson of ['Choisir son lombricomposteur', 'Installer les vers', 'Nourrir le bac']) {
    await expect(learnerPage.getByRole('heading', { level: 1, name: lesson })).toBeVisible();
    await learnerPage.getByRole('button', { name: 'Marquer comme terminé' }).click();
    await expect(learnerPage.getByRole('button', { name: 'Leçon terminée' })).toBeVisible();
    await learnerPage.getByRole('link', { name: 'Leçon suivante' }).click();
  }
  await expect(learnerPage.getByRole('heading', { level: 1, name: 'Récolter le compost' })).toBeVisible();

  // Leaves, comes back, and resumes where they left.
  await learnerPage.goto(webPaths.home);
  await learnerPage.getByRole('navigation', { name: /principale/i }).getByRole('link', { name: 'Mes formations' }).click();
  const resumed = learnerPage.getByRole('listitem', { name: title });
  await expect(resumed.getByText('3 leçons sur 4')).toBeVisible();
  await resumed.getByRole('link', { name: 'Reprendre' }).click();
  await expect(learnerPage).toHaveURL(new RegExp(`${webPaths.learn(course.id)}/\\d+$`));
  await expect(learnerPage.getByRole('heading', { level: 1, name: 'Récolter le compost' })).toBeVisible();
  await learnerContext.close();
});
