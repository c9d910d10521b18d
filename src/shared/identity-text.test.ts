import { describe, expect, it } from 'vitest';
import { adminUserCreateBodySchema, adminUserUpdateBodySchema } from './admin';
import { authMessages, identityTextProblem } from './auth';
import { signupBodySchema, signupFormProblems } from './signup';
import { profileFormSchema } from './profile';

const INVISIBLE = authMessages.nameInvisibleCharacters;

describe('names and identity text refuse hidden characters', () => {
  it.each([
    ['a right-to-left override', 'Martin\u202Enitram'],
    ['a left-to-right embedding', '\u202AMartin'],
    ['a bidi isolate', 'Mar\u2067tin\u2069'],
    ['a right-to-left mark', 'Martin\u200F'],
    ['a zero-width space', 'Mar\u200Btin'],
    ['a zero-width joiner between letters', 'Mar\u200Dtin'],
    ['a zero-width non-joiner', 'Mar\u200Ctin'],
    ['a word joiner', 'Mar\u2060tin'],
    ['a byte-order mark', '\uFEFFMartin'],
    ['a soft hyphen', 'Mar\u00ADtin'],
    ['a line separator', 'Mar\u2028tin'],
    ['a paragraph separator', 'Mar\u2029tin'],
    ['a Hangul filler that looks blank', '\u3164'],
  ])('refuses %s', (_name, value) => {
    expect(identityTextProblem(value)).toBe(INVISIBLE);
  });

  it('refuses C0 and C1 control characters with the control message', () => {
    expect(identityTextProblem('Ca\nmille')).toBe(authMessages.nameControlCharacters);
    expect(identityTextProblem('Ca\u0085mille')).toBe(authMessages.nameControlCharacters);
  });

  it.each([
    ['accents and apostrophes', "Zoé-Anaïs d'Artagnan"],
    ['Arabic', 'محمد'],
    ['Hebrew', 'אברהם'],
    ['an emoji joined by ZWJ', 'Camille 👩‍💻'],
    ['an emoji with a skin tone and ZWJ', 'Léo 👨🏽‍🌾'],
    ['a flag written with tags', 'Ewan 🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['a non-breaking space', 'Jean\u00A0Pierre'],
  ])('accepts %s', (_name, value) => {
    expect(identityTextProblem(value)).toBeNull();
  });

  it('applies the rule in every schema holding a name, country or speciality, with the field error', () => {
    const signup = signupBodySchema.safeParse({
      firstname: 'Ca\u202Emille',
      lastname: 'Durand',
      email: 'c@exemple.fr',
      password: 'Motdepasse1',
      gender: 'female',
      birthdate: '1990-01-01',
      role: 'membre',
      country: 'Fr\u200Bance',
      speciality: 'Éco\u2028logie',
    });
    expect(signup.success).toBe(false);
    const fields = Object.fromEntries(signup.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({ firstname: INVISIBLE, country: INVISIBLE, speciality: INVISIBLE });

    const profile = profileFormSchema.safeParse({ firstName: 'A', lastName: 'B\u2066', email: 'c@exemple.fr', birthDate: '1990-01-01', gender: 'male' });
    expect(profile.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lastName', INVISIBLE]]);

    const update = adminUserUpdateBodySchema.safeParse({ firstname: 'A', lastname: 'B', email: 'c@exemple.fr', speciality: 'x\u202Dy' });
    expect(update.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['speciality', INVISIBLE]]);

    const create = adminUserCreateBodySchema.safeParse({ firstname: '\u200BA', lastname: 'B', email: 'c@exemple.fr', role: 'membre' });
    expect(create.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['firstname', INVISIBLE]]);
  });

  it('tells the signup screen the same thing before sending', () => {
    const problems = signupFormProblems({
      firstname: 'Ca\u202Emille',
      lastname: 'Durand',
      email: 'c@exemple.fr',
      password: 'Motdepasse1',
      confirmPassword: 'Motdepasse1',
      gender: 'female',
      birthdate: '1990-01-01',
      phone_number: '',
      role: 'membre',
    });
    expect(problems).toEqual([['firstname', INVISIBLE]]);
  });
});
