import type { Plugin } from 'vite';

export function precompress(dir: string): Promise<string[]>;
export function precompressPlugin(): Plugin;
