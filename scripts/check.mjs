// `npm test`'s static checks: the type check and the lint, side by side. Each uses one core, and
// the machine has two: together they take the time of the slower one. Each one's output is shown
// whole once it ends, so the two never interleave.
//
// With --build (as `npm test` runs it), the SPA the browser tests drive is built beside them: the
// lint ends well before the type check, and the build fills the core it leaves idle instead of
// waiting for the browser tests' turn, after the Vitest run (it built in series there).
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', 'tsc', ['-p', '.']],
  ['lint', 'eslint', ['.']],
  ...(process.argv.includes('--build') ? [['build', 'vite', ['build', '--logLevel', 'warn']]] : []),
];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${command}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
