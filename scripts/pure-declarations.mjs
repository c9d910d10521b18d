// Decision 066: a screen importing one label from a shared module must not load zod for the module's
// schemas. The modules of src/shared compute nothing on import but their own values (vite.config.ts
// already tells the bundler so, module by module); this says it declaration by declaration.

/** The shared modules, whose top-level constants are values only (no registration, no I/O). */
const SHARED_MODULE = /\/src\/shared\/[^/]+\.ts$/;

/** Whether `node` calls or constructs anything outside a nested function (which runs later, if ever). */
function computes(node) {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(computes);
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') return true;
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'ClassExpression') return false;
  return Object.entries(node).some(([key, value]) => key !== 'type' && typeof value === 'object' && computes(value));
}

/**
 * `code` with each top-level `const` whose value is computed wrapped in an immediately called arrow
 * marked pure: `const s = /* @__PURE__ *\/ (() => (z.object({ ...shape })))();`. It runs at the same
 * moment with the same result; an unused one is dropped with everything only it needs. Without this,
 * Rolldown keeps a schema as soon as one of its expressions might have an effect (spreading a call's
 * result, a method called on what a local function returned), and zod whole with it.
 */
export function markPureDeclarations(code, parse) {
  const inserts = [];
  for (const statement of parse(code).body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations) {
      if (!computes(init)) continue;
      inserts.push([init.start, '/* @__PURE__ */ (() => ('], [init.end, '))()']);
    }
  }
  if (inserts.length === 0) return null;
  let result = '';
  let from = 0;
  for (const [at, text] of inserts.sort((a, b) => a[0] - b[0])) {
    result += code.slice(from, at) + text;
    from = at;
  }
  return result + code.slice(from);
}

/** The build plugin, on the shared modules (TypeScript or already stripped: both parse as TypeScript). */
export function pureDeclarationsPlugin() {
  return {
    name: 'ecoforma-pure-declarations',
    transform(code, id) {
      if (!SHARED_MODULE.test(id.split('?')[0])) return null;
      const marked = markPureDeclarations(code, (source) => this.parse(source, { lang: 'ts' }));
      return marked === null ? null : { code: marked, map: null };
    },
  };
}
