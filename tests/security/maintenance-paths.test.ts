import { describe, expect, it } from 'vitest';
import { normalizedPath } from '../../src/server/plugins/maintenance';
import { createTestApp } from '../../src/server/test/app';

const maintenance = await createTestApp({ maintenanceMode: true });
const open = await createTestApp();

const MAINTENANCE_BODY = { error_code: 'maintenance_mode', message: 'La plateforme est en maintenance. Veuillez réessayer plus tard.' };

describe('maintenance mode decides on the path the router serves', () => {
  it.each(['/%61pi/courses', '/api/%63ourses', '//api/courses', '/api//courses', '/%61pi/categories?x=1'])(
    'answers 503 to %s',
    async (url) => {
      const res = await maintenance.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(MAINTENANCE_BODY);
    },
  );

  it('answers 503 to an encoded login attempt', async () => {
    const res = await maintenance.app.inject({ method: 'POST', url: '/%61pi/login', payload: { email: 'a@exemple.fr', password: 'Motdepasse1' } });
    expect(res.statusCode).toBe(503);
  });

  it('keeps the health check answering, encoded or not', async () => {
    for (const url of ['/api/health', '/%61pi/health']) {
      expect((await maintenance.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('serves the same encoded paths normally outside maintenance', async () => {
    expect((await open.app.inject({ method: 'GET', url: '/%61pi/courses' })).statusCode).toBe(200);
  });

  it('normalises a path as the router reads it', () => {
    expect(normalizedPath('/%61pi/courses?q=%2F')).toBe('/api/courses');
    expect(normalizedPath('//API//Courses')).toBe('/api/courses');
    expect(normalizedPath('/%E0%A4%A/x')).toBe('/%e0%a4%a/x');
  });
});
