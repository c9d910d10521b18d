import type { Plugin } from 'vite';

export function routePreloadsPlugin(): Plugin;
