import { describe, expect, it } from 'vitest';
import {
  isPastBirthdate,
  isPlausiblePhone,
  isRealDate,
  isStrongPassword,
  loginFormSchema,
  todayIso,
} from './auth';
import { signupFormProblems, signupFormSchema, toSignupBody, type SignupFormValues } from './signup';

const valid: SignupFormValues = {
  firstname: 'Camille',
  lastname: 'Durand',
  email: 'camille@exemple.fr',
  password: 'Motdepasse1',
  confirmPassword: 'Motdepasse1',
  gender: 'female',
  birthdate: '1990-05-17',
  phone_number: '',
  role: 'membre',
};

describe('signup form checks (spec section 5)', () => {
  it('accepts a complete form', () => {
    expect(signupFormProblems(valid)).toEqual([]);
    expect(signupFormSchema.safeParse(valid).success).toBe(true);
  });

  it('reports every empty field in the spec order with its exact message', () => {
    const empty = { ...valid, firstname: '', lastname: '', email: '', password: '', confirmPassword: '', birthdate: '', gender: '' as const };
    expect(signupFormProblems(empty)).toEqual([
      ['firstname', 'Le prénom est obligatoire.'],
      ['lastname', 'Le nom est obligatoire.'],
      ['email', "L'adresse e-mail est obligatoire."],
      ['password', 'Le mot de passe est obligatoire.'],
      ['birthdate', 'La date de naissance est obligatoire.'],
      ['gender', 'Le genre est obligatoire.'],
    ]);
  });

  it('treats names made of spaces as empty', () => {
    expect(signupFormProblems({ ...valid, firstname: '  ', lastname: '\t' })).toEqual([
      ['firstname', 'Le prénom est obligatoire.'],
      ['lastname', 'Le nom est obligatoire.'],
    ]);
  });

  it('refuses a malformed email or one with spaces', () => {
    for (const email of ['camille', 'camille@exemple', 'cam ille@exemple.fr', 'camille@exe mple.fr']) {
      expect(signupFormProblems({ ...valid, email })).toEqual([['email', "Format d'adresse e-mail invalide."]]);
    }
    expect(signupFormProblems({ ...valid, email: '  camille@exemple.fr  ' })).toEqual([]);
  });

  it('needs 8 characters for the password, not more checks (the server adds its own)', () => {
    expect(signupFormProblems({ ...valid, password: 'abcdefg', confirmPassword: 'abcdefg' })).toEqual([
      ['password', 'Le mot de passe doit contenir au moins 8 caractères.'],
    ]);
    expect(signupFormProblems({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual([]);
  });

  it('returns early on a password mismatch: birthdate and gender are not checked', () => {
    expect(signupFormProblems({ ...valid, confirmPassword: 'Autre1234', birthdate: '', gender: '' })).toEqual([
      ['confirmPassword', 'Les mots de passe ne correspondent pas.'],
    ]);
    const result = signupFormSchema.safeParse({ ...valid, firstname: '', confirmPassword: 'x', gender: '' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstname', 'Le prénom est obligatoire.'],
      ['confirmPassword', 'Les mots de passe ne correspondent pas.'],
    ]);
  });

  it('has no client check on the phone or the role', () => {
    expect(signupFormProblems({ ...valid, phone_number: 'abc' })).toEqual([]);
  });

  it('builds the spec payload, trimmed, with is_valid true and empty extras', () => {
    expect(toSignupBody({ ...valid, firstname: ' Zoé ', lastname: ' Lefèvre ', email: ' zoe@exemple.fr ', phone_number: ' 06 12 34 56 78 ' })).toEqual({
      name: 'Zoé Lefèvre',
      firstname: 'Zoé',
      lastname: 'Lefèvre',
      email: 'zoe@exemple.fr',
      gender: 'female',
      birthdate: '1990-05-17',
      phone_number: '06 12 34 56 78',
      password: 'Motdepasse1',
      is_valid: true,
      role: 'membre',
      country: '',
      speciality: '',
      cin: '',
      cv: '',
      profil_picture: '',
    });
  });
});

describe('login form checks', () => {
  it('gives the two messages of spec section 5', () => {
    const result = loginFormSchema.safeParse({ email: ' ', password: '', remember: false });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Veuillez saisir votre adresse e-mail'],
      ['password', 'Veuillez saisir votre mot de passe'],
    ]);
    expect(loginFormSchema.safeParse({ email: 'a@exemple.fr', password: 'x', remember: true }).success).toBe(true);
  });
});

describe('rules', () => {
  it('knows real calendar days', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('1990-04-31')).toBe(false);
    expect(isRealDate('1990-5-1')).toBe(false);
  });

  it('takes a birth date strictly before today and not before 1900', () => {
    const now = new Date(2026, 4, 10, 9, 0);
    expect(todayIso(now)).toBe('2026-05-10');
    expect(isPastBirthdate('2026-05-09', now)).toBe(true);
    expect(isPastBirthdate('2026-05-10', now)).toBe(false);
    expect(isPastBirthdate('2026-05-11', now)).toBe(false);
    expect(isPastBirthdate('1900-01-01', now)).toBe(true);
    expect(isPastBirthdate('1899-12-31', now)).toBe(false);
  });

  it('knows plausible phone numbers', () => {
    for (const ok of ['0612345678', '06 12 34 56 78', '01.23.45.67.89', '07-12-34-56-78', '+33 6 12 34 56 78', '+44 20 7946 0958', '+12025550123']) {
      expect(isPlausiblePhone(ok), ok).toBe(true);
    }
    for (const bad of ['', 'abc', '0612', '06 12 34 56 78 90', '0012345678', '+33', '+0123456789', '06_12_34_56_78', '+33 6 12 34 56 78 90 12 34', '. 0612345678']) {
      expect(isPlausiblePhone(bad), bad).toBe(false);
    }
  });

  it('needs an uppercase letter, a lowercase letter and a digit in a password', () => {
    expect(isStrongPassword('Motdepasse1')).toBe(true);
    expect(isStrongPassword('Élan2026x')).toBe(true);
    expect(isStrongPassword('motdepasse1')).toBe(false);
    expect(isStrongPassword('MOTDEPASSE1')).toBe(false);
    expect(isStrongPassword('Motdepasse')).toBe(false);
  });
});
