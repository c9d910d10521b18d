import type { Plugin } from 'vite';

/** `parse`: an ESTree parser of TypeScript, as `this.parse(code, { lang: 'ts' })` in a plugin. */
export function markPureDeclarations(code: string, parse: (code: string) => { body: readonly unknown[] }): string | null;
export function pureDeclarationsPlugin(): Plugin;
