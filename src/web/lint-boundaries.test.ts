// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lintProblems as problems } from '../../eslint/lint-in-memory.js';

/**
 * The boundary rules of eslint.config.js, checked on small files linted in memory
 * at real paths of the tree: each refused import must be reported, a legal one must not.
 */

function rulesOf(list: { rule: string | null }[]): (string | null)[] {
  return list.map((p) => p.rule);
}

describe('boundaries between web features', () => {
  it("refuses a feature importing another feature's internals", async () => {
    const found = await problems(
      'src/web/features/profile/pages/Boundary.tsx',
      "import { MyCoursesActivity } from '../../courses/components/MyCoursesActivity';\nexport const used = MyCoursesActivity;\n",
    );
    expect(rulesOf(found)).toEqual(['import-x/no-restricted-paths']);
    expect(found[0]!.message).toContain("Une fonctionnalité n'importe d'une autre que son index.ts");
  });

  it('refuses a feature importing from src/web/app', async () => {
    const found = await problems('src/web/features/site/pages/Boundary.tsx', "import { appRoutes } from '../../../app/routes';\nexport const used = appRoutes;\n");
    expect(rulesOf(found)).toEqual(['import-x/no-restricted-paths']);
    expect(found[0]!.message).toContain("Les fonctionnalités n'importent rien de src/web/app");
  });

  it("accepts another feature's index, the shared lib and the feature's own files", async () => {
    const found = await problems(
      'src/web/features/profile/pages/Boundary.tsx',
      [
        "import { MyCoursesActivity } from '../../courses';",
        "import { webPaths } from '../../../../shared/web-paths';",
        "import { profileSaveError } from '../profile-errors';",
        'export const used = [MyCoursesActivity, webPaths, profileSaveError];',
        '',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });
});

describe('import cycles', () => {
  it('refuses a file importing a file that imports it back', async () => {
    // router.tsx imports routes.tsx: routes.tsx importing router.tsx would close a cycle.
    const found = await problems('src/web/app/routes.tsx', "import { router } from './router';\nexport const used = router;\n");
    expect(rulesOf(found)).toEqual(['import-x/no-cycle']);
  });
});

describe('cycles between web features', () => {
  it('refuses a feature importing another that leads back to it through a third', async () => {
    // admin imports courses, which imports satisfaction: satisfaction importing admin closes the loop.
    const found = await problems('src/web/features/satisfaction/pages/Boundary.tsx', "import { AdminNav } from '../../admin';\nexport const used = AdminNav;\n");
    expect(rulesOf(found)).toEqual(['ecoforma/feature-cycles']);
    expect(found[0]!.message).toContain('Cycle entre fonctionnalités\u00a0: satisfaction → admin → courses → satisfaction');
  });

  it('refuses two features importing each other', async () => {
    // profile imports auth's PasswordField: auth importing profile closes the loop.
    const found = await problems('src/web/features/auth/pages/Boundary.tsx', "import { EmailConfirmationBanner } from '../../profile';\nexport const used = EmailConfirmationBanner;\n");
    expect(rulesOf(found)).toEqual(['ecoforma/feature-cycles']);
    expect(found[0]!.message).toContain('auth → profile → auth');
  });

  it('accepts an import that leads nowhere back', async () => {
    const found = await problems('src/web/features/admin/pages/Boundary.tsx', "import { CourseStatusChip } from '../../courses';\nexport const used = CourseStatusChip;\n");
    expect(found).toEqual([]);
  });
});
