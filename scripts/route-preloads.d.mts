import type { Plugin } from 'vite';

export function routeScreens(routesFile: string): Promise<{ pattern: string; source: string }[]>;
export function routePreloadsPlugin(): Plugin;
