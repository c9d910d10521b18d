// Decision 033: the screens people arrive on (the catalogue, a course page, the player) load the code
// they need beyond the entry in a few chunks instead of forty. Automatic splitting gives each set of
// screens sharing a module a chunk of its own, over all forty screens; on a phone network each of
// those requests costs a round trip before the page shows.

/** Set in the analysis build, so that its configuration leaves these groups out. */
export const ANALYSIS_PASS = 'ECOFORMA_ARRIVAL_ANALYSIS';

/**
 * Arrival screens, by the name their chunks carry, each with the lazy modules it loads at once. The
 * signed-in navigation's lazy parts (account menu, messages, notifications) are one more: every
 * signed-in page loads them. Listed with the player, as they were, they brought the player's own code
 * to every signed-in page for a badge (10.7 KB gz).
 */
const ARRIVAL_SCREENS = {
  catalogue: ['features/courses/pages/CataloguePage.tsx'],
  cours: ['features/courses/pages/CourseOrCategoryPage.tsx', 'features/courses/pages/CourseDetailPage.tsx'],
  lecteur: ['features/learning/pages/PlayerPage.tsx'],
  compte: ['app/layout/AccountMenu.tsx', 'features/notifications/components/NotificationBell.tsx', 'features/messages/components/MessagesNavButton.tsx'],
};
/** Its code stays where automatic splitting puts it, so that the landing page loads nothing more. */
const LANDING_SCREEN = 'features/site/pages/LandingPage.tsx';

const LISTED_MODULES = Object.values(ARRIVAL_SCREENS).flat();

/**
 * Screens, and the lazy modules listed above, keep their own chunk. So do the app's own helpers (src/web/lib),
 * which pages of every kind import: in an arrival chunk, a hook of a few lines brought the whole chunk to
 * every page using it (e.g. 12 KB gz more for a course's learners, when the course page took up useFirstArrival).
 */
const ownChunk = (id) =>
  /\/src\/web\/(features\/[^/]+\/pages|lib)\//.test(id) || LISTED_MODULES.some((m) => id.endsWith(`/src/web/${m}`));

/** Every non-empty subset of `items`, in their order. */
function subsets(items) {
  return items.reduce((all, item) => all.concat(all.map((s) => [...s, item])), [[]]).filter((s) => s.length > 0);
}

/** The modules the listed screens load beyond the entry: their chunks and what those import, statically. */
function modulesLoadedBy(chunks, screens) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set();
  const modules = new Set();
  const visit = (chunk) => {
    if (!chunk || chunk.isEntry || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    chunk.moduleIds.forEach((id) => modules.add(id));
    chunk.imports.forEach((file) => visit(byFile.get(file)));
  };
  for (const chunk of chunks) if (screens.some((screen) => chunk.facadeModuleId?.endsWith(`/src/web/${screen}`))) visit(chunk);
  return modules;
}

/**
 * Code-splitting groups (rolldown) for the code of the arrival screens, from the chunks of a build
 * with automatic splitting: a module goes to the chunk of the set of arrival screens that load it,
 * the other screens ignored. Each arrival screen thus loads only code it uses, in its own chunk and
 * at most four shared ones. Reading the chunks, after tree shaking, rather than the import graph
 * matters: a screen importing one name from a feature's index.ts does not load the rest of that
 * feature. A larger set has a higher priority; no module is pulled into a group as a dependency,
 * each goes to its own set's chunk.
 */
export function arrivalGroups(chunks) {
  const landing = modulesLoadedBy(chunks, [LANDING_SCREEN]);
  const keys = Object.keys(ARRIVAL_SCREENS);
  /** Module id → the arrival screens (keys) loading it, for the modules the landing page does not load. */
  const arrivals = new Map();
  for (const key of keys) {
    for (const id of modulesLoadedBy(chunks, ARRIVAL_SCREENS[key])) {
      if (landing.has(id) || ownChunk(id)) continue;
      arrivals.set(id, [...(arrivals.get(id) ?? []), key]);
    }
  }
  return subsets(keys).map((set) => {
    const name = `arrivee-${set.join('-')}`;
    return { name, priority: set.length, includeDependenciesRecursively: false, test: (id) => arrivals.get(id)?.join() === set.join() };
  });
}

/** `arrivalGroups` of a first build of the project's configuration (`configFile`), which writes nothing. */
export async function arrivalChunkGroups(configFile) {
  const { build } = await import('vite');
  process.env[ANALYSIS_PASS] = '1';
  let output;
  try {
    output = await build({ configFile, logLevel: 'silent', build: { write: false } });
  } finally {
    delete process.env[ANALYSIS_PASS];
  }
  return arrivalGroups([output].flat().flatMap((o) => o.output).filter((item) => item.type === 'chunk'));
}
