import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { CategorySlug } from '../../../shared/categories';
import type { Db } from '../../db/client';
import { demoFilesDir } from '../../db/paths';
import { courseSections, courses, lessons, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { userSearchText } from '../../lib/search-text';
import { keepCopy, removeStoredFile, type Storage } from '../../lib/storage';
import { courseSearchText } from './courses.service';
import { demoContent, demoPracticalInformation, type DemoContent } from './demo-content';
import { demoPdf } from './demo-pdf';
import { formatMinutes } from '../../../shared/french-format';

/** The shipped illustrations, one per theme (SVG is accepted here only, never from users), and the demo video. */
/** The demo catalogue's images and video: src/server/db/demo, or dist/server/demo once bundled (decision 026). */
export const demoImagesDir = demoFilesDir;

export const DEMO_TRAINER_EMAIL = 'formatrice.demo@ecoforma.fr';

interface DemoCourse {
  title: string;
  description: string;
  category: CategorySlug;
  duration: string;
  price: number;
  discountPrice?: number;
}

/** Newest first: the first course is the first card of the catalogue. */
const demoCourses: DemoCourse[] = [
  {
    title: 'Bilan carbone : mesurer et réduire les émissions de votre organisation',
    description:
      "Apprenez à réaliser le bilan des émissions de gaz à effet de serre de votre organisation (scopes 1, 2 et 3), à collecter les bonnes données et à bâtir un plan de réduction chiffré, suivi dans le temps et partagé avec vos équipes.",
    category: 'rse',
    duration: '3 mois',
    price: 95,
    discountPrice: 85,
  },
  {
    title: 'Reconnaître et protéger la biodiversité locale',
    description:
      "Identifiez les espèces communes de votre territoire (oiseaux, insectes pollinisateurs, plantes sauvages), comprenez les continuités écologiques et découvrez les gestes concrets qui protègent les habitats près de chez vous.",
    category: 'biodiversite',
    duration: '2 mois',
    price: 79,
  },
  {
    title: 'Permaculture et agroécologie : concevoir un système nourricier',
    description:
      "Des principes de la permaculture à la conception d'un potager ou d'une ferme résiliente : observation du terrain, associations de cultures, gestion de l'eau et agroforesterie, pour produire plus avec moins d'intrants.",
    category: 'ecoagriculture',
    duration: '3 mois',
    price: 85,
    discountPrice: 75,
  },
  {
    title: 'Zéro déchet en entreprise',
    description:
      "Diagnostiquez les flux de déchets de votre structure, mettez en place le tri à la source et les filières de valorisation, réduisez les emballages et embarquez vos collègues dans une démarche zéro déchet durable.",
    category: 'dechets',
    duration: '2 mois',
    price: 80,
  },
  {
    title: 'Rénovation énergétique des bâtiments',
    description:
      "Comprenez le diagnostic de performance énergétique, hiérarchisez les travaux (isolation, ventilation, chauffage), évitez les erreurs courantes et mobilisez les aides publiques pour une rénovation performante.",
    category: 'ecoconstruction',
    duration: '3 mois',
    price: 95,
    discountPrice: 82,
  },
  {
    title: "Piloter une démarche RSE selon l'ISO 26000",
    description:
      "Structurez la responsabilité sociétale de votre organisation autour des sept questions centrales de l'ISO 26000 : dialogue avec les parties prenantes, choix des priorités, indicateurs et communication transparente.",
    category: 'rse',
    duration: '2 mois',
    price: 89,
    discountPrice: 79,
  },
  {
    title: 'Fresque du climat : comprendre le dérèglement climatique',
    description:
      "Un atelier collaboratif pour comprendre les causes et les conséquences du dérèglement climatique à partir des travaux du GIEC, puis animer vous-même des fresques dans votre entreprise ou votre association.",
    category: 'ecologie',
    duration: '1 mois',
    price: 70,
  },
  {
    title: 'Écologie et sobriété énergétique au quotidien',
    description:
      "Chauffage, mobilité, alimentation, numérique : mesurez l'impact de vos habitudes et adoptez des gestes de sobriété simples et efficaces, chez vous comme au bureau, sans renoncer à votre confort.",
    category: 'ecologie',
    duration: '1 mois',
    price: 75,
    discountPrice: 65,
  },
  {
    title: 'Créer un jardin refuge pour la faune sauvage',
    description:
      "Haies champêtres, mares, nichoirs, prairies fleuries : aménagez un jardin ou un espace vert d'entreprise qui accueille oiseaux, hérissons et pollinisateurs, et suivez son évolution avec les sciences participatives.",
    category: 'biodiversite',
    duration: '1 mois',
    price: 72,
  },
  {
    title: 'Sols vivants : compostage et fertilité naturelle',
    description:
      "Découvrez la vie du sol et apprenez à la nourrir : compostage, paillage, engrais verts et rotation des cultures, pour des sols fertiles qui stockent du carbone et retiennent mieux l'eau.",
    category: 'ecoagriculture',
    duration: '1 mois',
    price: 74,
  },
  {
    title: 'Économie circulaire : réemploi, réparation et recyclage',
    description:
      "Passez d'une économie linéaire à une économie circulaire : écoconception, réemploi, réparation, recyclage et nouveaux modèles d'affaires, illustrés par des retours d'expérience de collectivités et d'entreprises.",
    category: 'dechets',
    duration: '2 mois',
    price: 88,
    discountPrice: 78,
  },
  {
    title: 'Construire en matériaux biosourcés : bois, paille et chanvre',
    description:
      "Les atouts et les limites des matériaux biosourcés, les règles de mise en œuvre, le confort d'été et l'empreinte carbone d'un bâtiment, pour concevoir des constructions saines et sobres.",
    category: 'ecoconstruction',
    duration: '3 mois',
    price: 92,
  },
  {
    title: 'Rédiger son rapport de durabilité (CSRD)',
    description:
      "Maîtrisez la directive CSRD et les normes ESRS : analyse de double matérialité, collecte des indicateurs, organisation du projet et rédaction d'un rapport de durabilité clair et vérifiable.",
    category: 'rse',
    duration: '2 mois',
    price: 90,
  },
  {
    title: 'Adaptation au changement climatique des territoires',
    description:
      "Vagues de chaleur, sécheresses, inondations : évaluez la vulnérabilité d'un territoire et construisez un plan d'adaptation fondé sur la nature, avec les élus, les habitants et les acteurs économiques.",
    category: 'ecologie',
    duration: '3 mois',
    price: 86,
  },
  // Issue 29: two free introductions, joined directly; the paid courses go through a contract.
  {
    title: 'Introduction au développement durable',
    description:
      "Une première approche gratuite du développement durable : les limites planétaires, les objectifs de développement durable de l'ONU et les leviers d'action à portée de chacun, pour choisir ensuite la formation qui vous convient.",
    category: 'ecologie',
    duration: '1 mois',
    price: 0,
  },
  {
    title: 'Premiers pas vers le zéro déchet',
    description:
      "Une introduction gratuite à la réduction des déchets : comprendre la hiérarchie des modes de traitement, repérer les déchets évitables de son quotidien et adopter trois gestes simples dès cette semaine.",
    category: 'dechets',
    duration: '1 mois',
    price: 0,
  },
];

/** The demo trainer, approved, whose password is random and never shown: nobody can sign in as her. */
async function ensureDemoTrainer(db: Db): Promise<number> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TRAINER_EMAIL)).limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({
      email: DEMO_TRAINER_EMAIL,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      firstname: 'Claire',
      lastname: 'Dubois',
      role: 'formateur',
      isValid: true,
      gender: 'female',
      speciality: 'Développement durable et RSE',
      country: 'France',
      emailConfirmedAt: new Date(),
      searchText: userSearchText({ firstname: 'Claire', lastname: 'Dubois', email: DEMO_TRAINER_EMAIL }),
    })
    .returning({ id: users.id });
  return created!.id;
}

/** A copy of the theme's illustration under a random name, kept where uploaded images are, so every process serves it. */
async function copyDemoImage(storage: Storage, category: CategorySlug): Promise<string> {
  return keepCopy(storage, path.join(demoImagesDir, `${category}.svg`), 'svg');
}

/** A demo course's content; a course without one is a mistake in this file, caught on the first seed (and by its tests). */
function contentOf(title: string): DemoContent {
  const content = demoContent[title];
  if (!content) throw new Error(`Contenu de démonstration manquant pour « ${title} ».`);
  return content;
}

/** The recap sheet of a course, a real one-page PDF made from its public information. */
function recapSheet(title: string, content: DemoContent): Buffer {
  return demoPdf(`Fiche récapitulative – ${title}`, [
    { text: 'Objectifs pédagogiques', heading: true },
    ...content.objectives.map((objective) => ({ text: `• ${objective}` })),
    { text: 'Public visé', heading: true },
    { text: content.target_audience },
    { text: 'Prérequis', heading: true },
    { text: content.prerequisites },
    { text: "Modalités d'évaluation", heading: true },
    { text: content.assessment_methods },
    { text: 'Programme', heading: true },
    ...content.sections.flatMap((section, index) => [
      { text: `Chapitre ${index + 1} : ${section.title}` },
      ...section.lessons.map((lesson) => ({ text: `   – ${lesson.title} (${formatMinutes(lesson.durationMinutes, ' ')})` })),
    ]),
  ]);
}

/** Keeps bytes made here as the storage keeps an upload (through this process's incoming folder). */
async function keepBytes(storage: Storage, bytes: Buffer, ext: string): Promise<string> {
  await fs.mkdir(storage.incomingDir, { recursive: true });
  const temp = path.join(storage.incomingDir, `demo-${randomBytes(8).toString('hex')}.${ext}`);
  await fs.writeFile(temp, bytes);
  try {
    return await keepCopy(storage, temp, ext);
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** The shipped demo video (10 s, WebM) and its French captions, for the first free course: anyone can join it and watch. */
const DEMO_VIDEO = { file: 'demo-video.webm', captions: 'demo-video.vtt', title: 'Présentation du cours en vidéo' };
const videoCourseTitle = demoCourses.find((course) => course.price === 0)!.title;

/**
 * The video and PDF lessons of the demo: every course ends with its recap sheet (PDF), and the
 * first free course's first chapter with a short video with captions. Files go through the storage
 * driver, as uploads do; `copied` collects them so a failed seed removes them.
 */
async function insertDemoMedia(tx: Db, storage: Storage, created: { id: number; title: string }[], sectionId: Map<string, number>, copied: string[]): Promise<void> {
  const rows: (typeof lessons.$inferInsert)[] = [];
  for (const course of created) {
    const content = contentOf(course.title);
    const last = content.sections.length - 1;
    const sheet = recapSheet(course.title, content);
    const filePath = await keepBytes(storage, sheet, 'pdf');
    copied.push(filePath);
    rows.push({
      sectionId: sectionId.get(`${course.id}:${last}`)!,
      title: 'Fiche récapitulative du cours',
      type: 'pdf',
      durationMinutes: 5,
      position: content.sections[last]!.lessons.length,
      filePath,
      fileOriginalName: 'fiche-recapitulative.pdf',
      fileMimeType: 'application/pdf',
      fileSize: sheet.length,
    });
    if (course.title !== videoCourseTitle) continue;
    const videoPath = await keepCopy(storage, path.join(demoImagesDir, DEMO_VIDEO.file), 'webm');
    copied.push(videoPath);
    const captionsPath = await keepCopy(storage, path.join(demoImagesDir, DEMO_VIDEO.captions), 'vtt');
    copied.push(captionsPath);
    rows.push({
      sectionId: sectionId.get(`${course.id}:0`)!,
      title: DEMO_VIDEO.title,
      type: 'video',
      // 10 s: whole minutes round it down to 0, which the screens write « moins d'1 min ».
      durationMinutes: 0,
      position: content.sections[0]!.lessons.length,
      filePath: videoPath,
      fileOriginalName: DEMO_VIDEO.file,
      fileMimeType: 'video/webm',
      fileSize: (await fs.stat(path.join(demoImagesDir, DEMO_VIDEO.file))).size,
      captionsPath,
    });
  }
  await tx.insert(lessons).values(rows);
}

/** The sections and text lessons of the new demo courses, in three inserts; each course's first lesson is a free preview. */
async function insertDemoOutlines(tx: Db, created: { id: number; title: string }[]): Promise<Map<string, number>> {
  const sectionRows = created.flatMap((course) => contentOf(course.title).sections.map((section, position) => ({ courseId: course.id, title: section.title, position })));
  const sections = await tx.insert(courseSections).values(sectionRows).returning({ id: courseSections.id, courseId: courseSections.courseId, position: courseSections.position });
  const sectionId = new Map(sections.map((s) => [`${s.courseId}:${s.position}`, s.id]));
  const lessonRows = created.flatMap((course) =>
    contentOf(course.title).sections.flatMap((section, sectionPosition) =>
      section.lessons.map((lesson, position) => ({
        sectionId: sectionId.get(`${course.id}:${sectionPosition}`)!,
        title: lesson.title,
        type: 'text' as const,
        durationMinutes: lesson.durationMinutes,
        isPreview: sectionPosition === 0 && position === 0,
        position,
        bodyMarkdown: lesson.bodyMarkdown,
      })),
    ),
  );
  await tx.insert(lessons).values(lessonRows);
  return sectionId;
}

/** How long a starting process waits for another's demo seed to finish. */
const SEED_LOCK_WAIT_MS = 120_000;

/** Fills an empty catalogue with the demo courses and their content (SEED_DEMO); does nothing when any course exists. */
export async function seedDemoCatalogue(db: Db, storage: Storage): Promise<{ created: number }> {
  const [existing] = await db.select({ total: count() }).from(courses);
  if ((existing?.total ?? 0) > 0) return { created: 0 };

  const copied: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      // Two processes starting together on one PostgreSQL must not both seed. The second waits for the
      // first's seed, files copied included, longer than a request's lock and statement timeouts allow.
      await tx.execute(sql.raw(`set local lock_timeout = ${SEED_LOCK_WAIT_MS}`));
      await tx.execute(sql.raw(`set local statement_timeout = ${SEED_LOCK_WAIT_MS}`));
      await tx.execute(sql`lock table ${courses} in share row exclusive mode`);
      const [again] = await tx.select({ total: count() }).from(courses);
      if ((again?.total ?? 0) > 0) return { created: 0 };
      const authorId = await ensureDemoTrainer(tx as unknown as Db);
      const now = Date.now();
      const rows = [];
      for (const [index, course] of demoCourses.entries()) {
        const imagePath = await copyDemoImage(storage, course.category);
        copied.push(imagePath);
        const createdAt = new Date(now - index * 60 * 60 * 1000);
        const { objectives, target_audience, prerequisites, assessment_methods } = contentOf(course.title);
        rows.push({
          title: course.title,
          description: course.description,
          categorySlug: course.category,
          duration: course.duration,
          priceCents: course.price * 100,
          discountPriceCents: course.discountPrice === undefined ? null : course.discountPrice * 100,
          imagePath,
          imageMimeType: 'image/svg+xml',
          status: 'published' as const,
          objectives,
          targetAudience: target_audience,
          prerequisites,
          assessmentMethods: assessment_methods,
          accessDelay: demoPracticalInformation.access_delay,
          teachingMethods: demoPracticalInformation.teaching_methods,
          accessibility: demoPracticalInformation.accessibility,
          contact: demoPracticalInformation.contact,
          publicInfoUpdatedAt: createdAt,
          authorId,
          searchText: courseSearchText(course.title, course.description, course.category),
          createdAt,
          updatedAt: createdAt,
        });
      }
      const created = await tx.insert(courses).values(rows).returning({ id: courses.id, title: courses.title });
      const sectionIds = await insertDemoOutlines(tx as unknown as Db, created);
      await insertDemoMedia(tx as unknown as Db, storage, created, sectionIds, copied);
      return { created: created.length };
    });
  } catch (error) {
    await Promise.all(copied.map((name) => removeStoredFile(storage, name)));
    throw error;
  }
}
