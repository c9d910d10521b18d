// `npm test`'s static checks: the type check and the lint, side by side. Each uses one core, and
// the machine has two: together they take the time of the slower one, the lint. Each one's output is
// shown whole once it ends, so the two never interleave.
//
// With --build (as `npm test` runs it), the SPA the browser tests drive is built beside them: the
// type check ends well before the lint, and the build fills the core it leaves idle instead of
// waiting for the browser tests' turn, after the Vitest run (it built in series there).
import { spawn } from 'node:child_process';

// Each check is a package's command line, run with this Node. The type check is TypeScript 7's compiler,
// under its own package name beside TypeScript 6, which typescript-eslint still needs (decision 076). It
// runs on one thread: the lint holds the other core, and its threads would only take turns with it.
const checks = [
  ['typecheck', 'typescript-7/bin/tsc', ['-p', '.', '--singleThreaded']],
  ['lint', 'eslint/bin/eslint.js', ['.']],
  ...(process.argv.includes('--build') ? [['build', 'vite/bin/vite.js', ['build', '--logLevel', 'warn']]] : []),
];

function run([name, script, args]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`node_modules/${script}`, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name}\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
