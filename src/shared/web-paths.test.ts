import { describe, expect, it } from 'vitest';
import { fillRoute, webPaths, webRoutes } from './web-paths';

describe('fillRoute', () => {
  it('fills each segment of a pattern, encoded', () => {
    expect(fillRoute(webRoutes.quizEditor, { id: 3, lessonId: 9 })).toBe('/formateur/courses/3/quiz/9');
    expect(fillRoute(webRoutes.certificate, { code: 'a b/c' })).toBe('/certificats/a%20b%2Fc');
  });

  it('drops an optional segment left out, and keeps it when given', () => {
    expect(fillRoute(webRoutes.learn, { id: 7 })).toBe('/user/courses/7/learn');
    expect(fillRoute(webRoutes.learn, { id: 7, lessonId: 12 })).toBe('/user/courses/7/learn/12');
  });

  it('refuses a required segment left out', () => {
    expect(() => fillRoute(webRoutes.courseDetail)).toThrow(/id manque/);
  });
});

describe('webPaths', () => {
  it('builds the addresses the screens, notifications and e-mails link to', () => {
    expect(webPaths.courseDetail(4)).toBe('/user/courses/4');
    expect(webPaths.adminMeeting(2)).toBe('/admin/meeting/2');
    expect(webPaths.adminMeeting(2, 5)).toBe('/admin/meeting/2/5');
    expect(webPaths.publicCategory('ecologie')).toBe('/courses/ecologie');
    expect(webPaths.signupAs('formateur')).toBe('/signup?role=formateur');
    expect(webPaths.myInterview).toBe('/profile#entretien');
  });
});
