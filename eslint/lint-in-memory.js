import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
let eslint;

/**
 * The problems this project's ESLint configuration finds in `code`, linted in memory as if it were
 * the file at `filePath` (relative to the repository): the boundary tests check each rule on small
 * files at real paths of the tree.
 */
export async function lintProblems(filePath, code) {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}
