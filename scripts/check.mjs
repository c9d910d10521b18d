// `npm test`'s static checks: the type check and the lint, side by side. Each uses one core, and
// the machine has two: together they take the time of the slower one, the lint. Each one's output is
// shown whole once it ends, so the two never interleave.
//
// With --build (as `npm test` runs it), the SPA the browser tests drive is built beside them: the
// type check ends well before the lint, and the build fills the core it leaves idle instead of
// waiting for the browser tests' turn, after the Vitest run (it built in series there).
//
// With --then-vitest (as `npm test` runs it), the Vitest run starts as soon as the type check and the
// build have passed, on the core the lint leaves idle for its last seconds (13 of its 40 s here); the
// lint's verdict is printed when it ends, and the command fails if either fails (decision 077).
import { spawn } from 'node:child_process';

// Each check is a package's command line, run with this Node. The type check is TypeScript 7's compiler,
// under its own package name beside TypeScript 6, which typescript-eslint still needs (decision 076). It
// runs on one thread: the lint holds the other core, and its threads would only take turns with it.
const typecheck = ['typecheck', 'typescript-7/bin/tsc', ['-p', '.', '--singleThreaded']];
const lint = ['lint', 'eslint/bin/eslint.js', ['.']];
const build = ['build', 'vite/bin/vite.js', ['build', '--logLevel', 'warn']];

/** Runs a check with its output kept, shown whole with its verdict when it ends. */
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

/** Runs a command with the terminal's output, as if typed. */
function runLive(script, args) {
  return new Promise((resolve) => {
    spawn(process.execPath, [`node_modules/${script}`, ...args], { stdio: 'inherit' }).on('close', (code) => resolve(code === 0));
  });
}

const linted = run(lint);
const ready = await Promise.all([run(typecheck), ...(process.argv.includes('--build') ? [run(build)] : [])]);
const results = [...ready];
if (ready.every(Boolean) && process.argv.includes('--then-vitest')) results.push(await runLive('vitest/vitest.mjs', ['run']));
results.push(await linted);
process.exit(results.every(Boolean) ? 0 : 1);
