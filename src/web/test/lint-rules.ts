import { ESLint, RuleTester } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, it } from 'vitest';

/** A RuleTester reporting through Vitest, parsing TypeScript and JSX as the project's files are. */
export function jsxRuleTester(): RuleTester {
  RuleTester.describe = describe;
  RuleTester.it = it;
  RuleTester.itOnly = it.only;
  return new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });
}

/**
 * The ids of the rules eslint.config.js reports on `code` written at `filePath` (from the
 * repository's root): where a rule applies, and where it is left out. Call inside a `describe`.
 */
export function configuredRules(): (filePath: string, code: string) => Promise<(string | null)[]> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
    return result!.messages.map((m) => m.ruleId);
  };
}
