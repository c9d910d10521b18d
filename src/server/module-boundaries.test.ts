import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintProblems as problems } from '../../eslint/lint-in-memory.js';
import { serverModuleOrder } from '../../eslint/module-order.js';

/**
 * The server modules' import order (eslint/module-order.js), checked on small files linted in
 * memory at real paths of the tree: each refused import must be reported, a legal one must not.
 */

const ORDER_MESSAGE = "Un module serveur n'importe que l'index.ts d'un module placé avant lui";

describe('boundaries between server modules', () => {
  it('places every module folder in the declared order', () => {
    const folders = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...serverModuleOrder].sort()).toEqual(folders.sort());
  });

  it("refuses a module importing a lower module's file other than its index", async () => {
    const found = await problems('src/server/modules/courses/boundary.ts', "import { notify } from '../notifications/notify';\nexport const used = notify;\n");
    expect(found).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining(ORDER_MESSAGE) }]);
  });

  it('refuses a module importing a module placed after it, even its index', async () => {
    const found = await problems('src/server/modules/notifications/boundary.ts', "import { coursesModule } from '../courses';\nexport const used = coursesModule;\n");
    expect(found).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining(ORDER_MESSAGE) }]);
  });

  it('refuses a module importing the list of all modules', async () => {
    const found = await problems('src/server/modules/admin/boundary.ts', "import { modules } from '..';\nexport const used = modules;\n");
    expect(found.map((p) => p.rule)).toContain('import-x/no-restricted-paths');
  });

  it("accepts a lower module's index, its own files and the shared server lib", async () => {
    const found = await problems(
      'src/server/modules/courses/boundary.ts',
      [
        "import { notify } from '../notifications';",
        "import { AppError } from '../../lib/app-error';",
        "import { coursesRoutes } from './courses.routes';",
        'export const used = [notify, AppError, coursesRoutes];',
        '',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });
});
