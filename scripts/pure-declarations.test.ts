import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { markPureDeclarations, pureDeclarationsPlugin } from './pure-declarations.mjs';

const parse = (code: string) => parseAst(code, { lang: 'ts' });

/** The bundle of `entry`, which imports `/virtual/shared/labels.ts` holding `module`; with or without the plugin. */
async function bundle(module: string, entry: string, withPlugin: boolean): Promise<string> {
  const files: Record<string, string> = { '/virtual/entry.ts': entry, '/virtual/src/shared/labels.ts': module };
  const build = await rolldown({
    input: '/virtual/entry.ts',
    logLevel: 'silent',
    // As in the build, zod runs nothing on import (its package says so); here it stays external.
    treeshake: { manualPureFunctions: ['z'], moduleSideEffects: false },
    plugins: [
      { name: 'virtual', resolveId: (id) => (id in files ? id : id === './src/shared/labels' ? '/virtual/src/shared/labels.ts' : null), load: (id) => files[id] ?? null },
      ...(withPlugin ? [pureDeclarationsPlugin()] : []),
    ],
  });
  return (await build.generate({ format: 'esm' })).output[0].code;
}

describe('markPureDeclarations', () => {
  it('wraps each top-level constant that calls something, leaves the others, and keeps accents in place', () => {
    const code = [
      "export const libellé = 'Très bien';",
      'const shape = { page: pageParam() };',
      'export const schema = z.object({ ...shape }).refine((v) => check(v));',
      'const later = () => run();',
      'let counter = start();',
    ].join('\n');
    expect(markPureDeclarations(code, parse)).toBe(
      [
        "export const libellé = 'Très bien';",
        'const shape = /* @__PURE__ */ (() => ({ page: pageParam() }))();',
        'export const schema = /* @__PURE__ */ (() => (z.object({ ...shape }).refine((v) => check(v))))();',
        'const later = () => run();',
        'let counter = start();',
      ].join('\n'),
    );
    expect(markPureDeclarations("const a = 'rien';", parse)).toBeNull();
  });

  it('gives each constant the value it had, computed in the same order', () => {
    const code = 'const order = [];\nconst a = (order.push("a"), [1, 2].map((x) => x * 2));\nconst b = { total: a.reduce((s, x) => s + x, 0), ...{ at: order.push("b") } };';
    const run = (source: string) => new Function(`${source}\nreturn { a, b, order };`)();
    expect(run(markPureDeclarations(code, parse)!)).toEqual(run(code));
  });

  it('lets the bundle drop a schema nobody uses, and zod with it, when a screen imports only a label', async () => {
    const module = [
      "import { z } from 'zod';",
      "export const label = 'En présentiel';",
      'function paging() { return { page: z.number().int() }; }',
      'export const listQuery = z.object({ ...paging() });',
    ].join('\n');
    const entry = "import { label } from './src/shared/labels';\nconsole.log(label);";
    // Spreading a call's result might run a getter: without the plugin the schema, and zod, stay.
    expect(await bundle(module, entry, false)).toContain('from "zod"');
    const marked = await bundle(module, entry, true);
    expect(marked).not.toContain('zod');
    expect(marked).toContain('En présentiel');
  });
});
