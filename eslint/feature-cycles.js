/**
 * No cycle between web features (src/web/features/<name>): a feature may import another's
 * index.ts only if that other one does not lead back to it, directly or through other features.
 * import-x/no-cycle follows files, and a feature's index re-exports a few files only, so it misses
 * a cycle such as admin → courses → satisfaction → admin where each step goes through a different
 * file. The architecture keeps features a flat row: a page combining features is composed in the
 * route table (src/web/app), a role area (/admin) is a layout route, and what two features share
 * lives in src/web/lib or src/web/components.
 *
 * The graph of the other features comes from the files on disk (imports, re-exports and `import()`
 * read from their text, tests left out as they ship nothing), read once per lint run; the file being
 * linted contributes its own imports from its syntax tree, so an edit is judged before it is saved.
 */
import fs from 'node:fs';
import path from 'node:path';

const NBSP = '\u00a0';
const FEATURE_FILE = /^(.*[\\/]src[\\/]web[\\/]features)[\\/]([^\\/]+)[\\/]/;
const SOURCE = /\.(?:ts|tsx)$/;
const TEST = /\.test\.(?:ts|tsx)$/;
/** The module specifiers of a file's text: `from '…'`, `import '…'` and `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** The feature (folder name) a path lies in, or null outside src/web/features. */
function featureOf(featuresDir, file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name] = relative.split(path.sep);
  return name || null;
}

/** The other feature a relative specifier of `file` reaches, or null. */
function targetOf(featuresDir, from, file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = featureOf(featuresDir, path.resolve(path.dirname(file), specifier));
  return target && target !== from ? target : null;
}

function filesOf(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && SOURCE.test(e.name) && !TEST.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

/** Which features each feature imports, read from the files on disk. */
function diskGraph(featuresDir) {
  const graph = new Map();
  for (const entry of fs.readdirSync(featuresDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const edges = new Set();
    for (const file of filesOf(path.join(featuresDir, entry.name))) {
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const target = targetOf(featuresDir, entry.name, file, specifier);
        if (target) edges.add(target);
      }
    }
    graph.set(entry.name, edges);
  }
  return graph;
}

/** The shortest chain of features from `start` to `goal` (both included), or null. */
function chain(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const steps = [];
      for (let step = goal; step !== null; step = previous.get(step)) steps.unshift(step);
      return steps;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** One graph per features folder and lint run (the ESLint process). */
const graphs = new Map();

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse les cycles d’import entre fonctionnalités web (src/web/features).' },
    schema: [],
    messages: {
      cycle: `Cycle entre fonctionnalités${NBSP}: {{chain}}. Les fonctionnalités restent une rangée plate${NBSP}: composez la page dans src/web/app (table des routes, route de mise en page) ou mettez ce qu’elles partagent dans src/web/lib ou src/web/components.`,
    },
  },
  create(context) {
    const file = context.filename;
    const match = FEATURE_FILE.exec(file);
    if (!match) return {};
    const [, featuresDir, feature] = match;
    if (!graphs.has(featuresDir)) graphs.set(featuresDir, diskGraph(featuresDir));
    const graph = graphs.get(featuresDir);

    function check(node) {
      const specifier = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string') return;
      const target = targetOf(featuresDir, feature, file, specifier);
      if (!target) return;
      const back = chain(graph, target, feature);
      if (back) context.report({ node: node.source, messageId: 'cycle', data: { chain: [feature, ...back].join(' → ') } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
