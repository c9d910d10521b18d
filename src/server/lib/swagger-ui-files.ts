import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Swagger UI's pages and logo, read from the installed @fastify/swagger-ui package. The plugin is
 * bundled with the server (decision 026), where it would look for them beside the bundle; bundled,
 * it shares the server's copies of @fastify/static and yaml instead of loading its own at start.
 */
const packageDir = path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json'));

export const swaggerUiDir = path.join(packageDir, 'static');

export function swaggerUiLogo(): { type: string; content: Buffer } {
  return { type: 'image/svg+xml', content: fs.readFileSync(path.join(swaggerUiDir, 'logo.svg')) };
}
