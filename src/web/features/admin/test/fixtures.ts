import type { AdminUser, AdminUsersResponse } from '../../../../shared/admin';
import { signInAs } from '../../../test/session';

export function signInAdmin() {
  signInAs({
    id: 1,
    email: 'admin@exemple.fr',
    role: 'admin',
    firstname: 'Alice',
    lastname: 'Admin',
    isApproved: true,
    hasMeeting: false,
  });
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    name: 'Hélène Dupré',
    firstname: 'Hélène',
    lastname: 'Dupré',
    email: 'helene.dupre@exemple.fr',
    role: 'formateur',
    speciality: 'Biodiversité',
    is_valid: false,
    meeting_date: null,
    meeting_url: null,
    meeting_id: null,
    cv: true,
    profil_picture: null,
    phone_number: null,
    country: 'France',
    gender: 'female',
    birthdate: '1985-03-02',
    created_at: '2026-01-10T10:00:00.000Z',
    rejected: false,
    email_confirmed: true,
    ...overrides,
  };
}

export function usersResponse(users: AdminUser[], overrides: Partial<AdminUsersResponse> = {}): AdminUsersResponse {
  return {
    users,
    total: users.length,
    totalCapped: false,
    page: 1,
    pageSize: 20,
    counters: { total: 1234, pending: 56, approved: 1178, meetings: 9 },
    ...overrides,
  };
}
