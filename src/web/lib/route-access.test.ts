import { describe, expect, it } from 'vitest';
import { readReturnState, stateAfterSignIn } from './route-access';

describe('readReturnState', () => {
  it('keeps a return path and a positive whole course id', () => {
    expect(readReturnState({ from: '/user/courses/7', enrolCourseId: 7 })).toEqual({ from: '/user/courses/7', enrolCourseId: 7 });
  });

  it('drops anything malformed from the untyped history state', () => {
    expect(readReturnState(null)).toEqual({});
    expect(readReturnState('texte')).toEqual({});
    expect(readReturnState({ from: 42, enrolCourseId: '7' })).toEqual({});
    expect(readReturnState({ enrolCourseId: -1 })).toEqual({});
    expect(readReturnState({ enrolCourseId: 1.5 })).toEqual({});
  });
});

describe('stateAfterSignIn', () => {
  it('hands on the wish to enrol only when going back where it was made', () => {
    expect(stateAfterSignIn('/user/courses/7', { from: '/user/courses/7', enrolCourseId: 7 })).toEqual({ enrolCourseId: 7 });
    expect(stateAfterSignIn('/user/courses', { from: '/user/courses/7', enrolCourseId: 7 })).toBeUndefined();
    expect(stateAfterSignIn('/profile', { from: '/profile' })).toBeUndefined();
  });
});

describe('who opens the player (issue 25)', () => {
  it('lets visitors open a lesson address, where a free preview plays, and keeps « Mes formations » for the signed-in', async () => {
    const { routeAccess } = await import('./route-access');
    const { webRoutes } = await import('../../shared/web-paths');
    expect((routeAccess.find((r) => r.path === webRoutes.learn) as { auth?: boolean } | undefined)?.auth).toBeFalsy();
    expect((routeAccess.find((r) => r.path === webRoutes.myLearning) as { auth?: boolean } | undefined)?.auth).toBe(true);
  });
});
