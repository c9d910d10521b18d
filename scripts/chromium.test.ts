import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { chromiumLaunch } from '../playwright.config';

// A stand-in for Chromium that prints the arguments it receives, one per line.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-'));
const echo = path.join(scratch, 'echo-args');
fs.writeFileSync(echo, '#!/bin/sh\nfor arg do printf "%s\\n" "$arg"; done\n', { mode: 0o755 });
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const launched = (args: string[]) =>
  execFileSync(chromiumLaunch.executablePath, args, { env: { ...process.env, CHROMIUM_PATH: echo }, encoding: 'utf8' }).split('\n').slice(0, -1);

it('passes one --disable-features holding every list it was given, in order, and the other arguments as they were', () => {
  expect(launched(['--disable-features=Translate,PaintHolding', '--no-sandbox', 'deux mots', '--disable-features=WebUIOmniboxPopup'])).toEqual([
    '--no-sandbox',
    'deux mots',
    '--disable-features=Translate,PaintHolding,WebUIOmniboxPopup',
  ]);
});

it('adds no --disable-features when none was given', () => {
  expect(launched(['--headless', '--remote-debugging-pipe'])).toEqual(['--headless', '--remote-debugging-pipe']);
});
