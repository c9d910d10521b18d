import { describe, expect, it } from 'vitest';
import { isLuhnValid, isValidSiret, normalizeSiret, organisationFormProblems, organisationMessages, siretProblem } from './organisations';
import { signupBodySchema, signupFormProblems, toSignupBody, type SignupFormValues } from './signup';

describe('SIRET', () => {
  it('checks the Luhn key', () => {
    expect(isLuhnValid('73282932000074')).toBe(true);
    expect(isLuhnValid('73282932000075')).toBe(false);
    expect(isLuhnValid('4970101234567890')).toBe(false);
    expect(isLuhnValid('79927398713')).toBe(true);
  });

  it('says in French what is wrong: missing, not 14 digits, wrong key', () => {
    expect(siretProblem('')).toBe(organisationMessages.siretRequired);
    expect(siretProblem('1234')).toBe(organisationMessages.siretFormat);
    expect(siretProblem('7328293200007A')).toBe(organisationMessages.siretFormat);
    expect(siretProblem('73282932000075')).toBe(organisationMessages.siretChecksum);
    expect(siretProblem('73282932000074')).toBeNull();
  });

  it('reads the groups people type, and La Poste’s establishments by their digit sum', () => {
    expect(normalizeSiret(' 732 829 320 00074 ')).toBe('73282932000074');
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    // La Poste: SIREN 356 000 000, digit sum a multiple of 5 (its Luhn key is often wrong).
    expect(isValidSiret('35600000052135')).toBe(true);
    expect(isValidSiret('35600000052136')).toBe(false);
  });
});

const organisationValues: SignupFormValues = {
  firstname: 'Olivia',
  lastname: 'Contact',
  email: 'rh@asso.fr',
  password: 'Motdepasse1',
  confirmPassword: 'Motdepasse1',
  gender: '',
  birthdate: '',
  phone_number: '04 72 00 00 00',
  role: 'organisme',
  organisation_name: 'Asso Verte',
  siret: '732 829 320 00074',
  sector: 'associatif',
  size_band: '10-49',
  address: '3 rue des Lilas',
  postal_code: '69003',
  city: 'Lyon',
  contact_email: '',
};

describe('the organisation’s signup form', () => {
  it('needs no gender nor birth date, but the organisation’s fields and the contact’s phone', () => {
    expect(signupFormProblems(organisationValues)).toEqual([]);
    expect(signupFormProblems({ ...organisationValues, organisation_name: ' ', siret: '123', sector: '', phone_number: '' })).toEqual([
      ['phone_number', organisationMessages.contactPhoneRequired],
      ['organisation_name', organisationMessages.nameRequired],
      ['siret', organisationMessages.siretFormat],
      ['sector', organisationMessages.sectorRequired],
    ]);
    expect(organisationFormProblems({ ...organisationValues, organisation_name: 'A', sector: 'associatif', size_band: '10-49', contact_email: 'pas-un-mail', postal_code: '6900', siret: organisationValues.siret!, address: 'x', city: 'y' })).toEqual([
      ['postal_code', organisationMessages.postalCodeInvalid],
      ['contact_email', "Format d'adresse e-mail invalide."],
    ]);
  });

  it('sends the organisation’s fields and no gender nor birth date', () => {
    const body = toSignupBody(organisationValues);
    expect(body).toMatchObject({ role: 'organisme', organisation_name: 'Asso Verte', siret: '732 829 320 00074', sector: 'associatif', size_band: '10-49', city: 'Lyon' });
    expect(body).not.toHaveProperty('gender');
    expect(body).not.toHaveProperty('birthdate');
  });
});

describe('the signup body', () => {
  it('refuses a body that is not an object without looking at its role', () => {
    for (const body of [null, 'texte', 3, []]) expect(signupBodySchema.safeParse(body).success).toBe(false);
  });
});
