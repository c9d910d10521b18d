import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../../../shared/auth';
import { homeAfterLogin, homeAfterSignup, pageAfterLogin, pageAfterSignup, pageWhenSignedIn, toSessionUser } from './redirects';

function account(role: AccountUser['role'], is_valid = true): AccountUser {
  return { id: 7, role, is_valid, firstname: 'Camille', lastname: 'Durand', email: 'c@exemple.fr', email_confirmed: true };
}

describe('redirects by role', () => {
  it('after login (spec section 2)', () => {
    expect(homeAfterLogin(account('admin'))).toBe('/admin/dashboard');
    expect(homeAfterLogin(account('formateur', false))).toBe('/formateur/waiting-approval');
    expect(homeAfterLogin(account('formateur', true))).toBe('/formateur/courses');
    expect(homeAfterLogin(account('membre'))).toBe('/user/courses');
    expect(homeAfterLogin(account('organisme'))).toBe('/organisme/tableau-de-bord');
  });

  it('after signup', () => {
    expect(homeAfterSignup('formateur')).toBe('/formateur/upload-cv');
    expect(homeAfterSignup('membre')).toBe('/user/courses');
    expect(homeAfterSignup('admin')).toBe('/admin/dashboard');
    expect(homeAfterSignup('organisme')).toBe('/organisme/tableau-de-bord');
  });

  it('when already signed in', () => {
    expect(pageWhenSignedIn('admin')).toBe('/admin/dashboard');
    for (const role of ['membre', 'formateur', 'organisme'] as const) expect(pageWhenSignedIn(role)).toBe('/profile');
  });
});

describe('pageAfterLogin', () => {
  it('goes back to the page the guard stopped them at when their role may open it', () => {
    expect(pageAfterLogin(account('membre'), '/profile')).toBe('/profile');
    expect(pageAfterLogin(account('membre'), '/user/courses/3?onglet=programme')).toBe('/user/courses/3?onglet=programme');
    expect(pageAfterLogin(account('admin'), '/admin/users/12')).toBe('/admin/users/12');
    expect(pageAfterLogin(account('formateur', true), '/formateur/add-course')).toBe('/formateur/add-course');
  });

  it('goes to their role page when they may not open it', () => {
    expect(pageAfterLogin(account('membre'), '/admin/dashboard')).toBe('/user/courses');
    expect(pageAfterLogin(account('formateur', false), '/formateur/add-course')).toBe('/formateur/waiting-approval');
  });

  it('ignores anything but a same-site path, and the login and signup screens', () => {
    for (const from of ['https://exemple.com/profile', '//exemple.com/profile', 'profile', 42, null, undefined, '/login', '/signup?role=membre', '/nulle-part']) {
      expect(pageAfterLogin(account('membre'), from)).toBe('/user/courses');
    }
  });
});

describe('toSessionUser', () => {
  it('stores trainers as approved only when is_valid, everyone else as approved', () => {
    expect(toSessionUser(account('formateur', false)).isApproved).toBe(false);
    expect(toSessionUser(account('formateur', true)).isApproved).toBe(true);
    expect(toSessionUser(account('membre', false))).toEqual({
      id: 7,
      email: 'c@exemple.fr',
      role: 'membre',
      firstname: 'Camille',
      lastname: 'Durand',
      isApproved: true,
      hasMeeting: false,
      emailConfirmed: true,
    });
  });

  it('keeps whether the address is confirmed, for the banner', () => {
    expect(toSessionUser({ ...account('membre'), email_confirmed: false }).emailConfirmed).toBe(false);
  });
});

describe('pageAfterSignup', () => {
  it('goes back to the page they came from when their role may open it, else to their first page', () => {
    expect(pageAfterSignup(account('membre'), '/user/courses/7')).toBe('/user/courses/7');
    expect(pageAfterSignup(account('membre'), '/admin/dashboard')).toBe('/user/courses');
    expect(pageAfterSignup(account('formateur', false), undefined)).toBe('/formateur/upload-cv');
    expect(pageAfterSignup(account('membre'), '//evil.example/x')).toBe('/user/courses');
    expect(pageAfterSignup(account('membre'), '/login')).toBe('/user/courses');
  });
});
