import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { SIGNUP_DEFAULT_MESSAGE, signupErrorDisplay, signupErrorMessages, translateFieldMessage } from './signup-errors';

describe('signup error catalogue', () => {
  it('has the spec texts in accented French', () => {
    expect(signupErrorMessages.email_taken).toBe('Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.');
    expect(signupErrorMessages.missing_required_fields).toBe('Veuillez remplir tous les champs obligatoires.');
    expect(signupErrorMessages.invalid_date).toBe('Date de naissance non valide.');
    expect(signupErrorMessages.invalid_phone).toBe('Numéro de téléphone non valide.');
    expect(signupErrorMessages.server_error).toBe("Une erreur serveur s'est produite. Veuillez réessayer ultérieurement.");
    expect(SIGNUP_DEFAULT_MESSAGE).toBe("Une erreur s'est produite lors de l'inscription. Veuillez réessayer.");
    for (const code of ['invalid_email', 'weak_password', 'passwords_not_match', 'unknown_error'] as const) {
      expect(signupErrorMessages[code]).toMatch(/^[A-ZÉ]/);
    }
  });

  it('translates the English field messages of the spec, keeps the others', () => {
    expect(translateFieldMessage('The email has already been taken / already in use')).toBe('Cette valeur est déjà utilisée.');
    expect(translateFieldMessage('User already exists')).toBe('Cette valeur est déjà utilisée.');
    expect(translateFieldMessage('The field is required')).toBe('Ce champ est obligatoire.');
    expect(translateFieldMessage('Must be a valid email')).toBe("Format d'adresse e-mail invalide.");
    expect(translateFieldMessage('minimum 8 characters')).toBe('Valeur trop courte.');
    expect(translateFieldMessage('maximum 100 characters')).toBe('Valeur trop longue.');
    expect(translateFieldMessage('Le prénom est obligatoire.')).toBe('Le prénom est obligatoire.');
    expect(translateFieldMessage({ not: 'a list' })).toBe('Erreur de validation');
  });
});

describe('signupErrorDisplay', () => {
  it('puts form fields under their field and other fields in alerts with French names', () => {
    const error = new ApiError(422, 'validation_failed', 'Certaines informations sont invalides.', {
      firstname: ['Le prénom est obligatoire.', 'second'],
      phone_number: ['Numéro de téléphone non valide.'],
      country: ['Ce champ ne doit pas dépasser 100 caractères.'],
      cin: ['required'],
    });
    expect(signupErrorDisplay(error)).toEqual({
      fieldErrors: { firstname: 'Le prénom est obligatoire.', phone_number: 'Numéro de téléphone non valide.' },
      alerts: ['Pays\u00a0: Ce champ ne doit pas dépasser 100 caractères.', "Numéro de carte d'identité\u00a0: Ce champ est obligatoire."],
    });
  });

  it('shows email_taken under the email field without repeating it on top', () => {
    const text = 'Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.';
    expect(signupErrorDisplay(new ApiError(409, 'email_taken', text, { email: [text] }))).toEqual({ fieldErrors: { email: text }, alerts: [] });
  });

  it('shows the catalogue text on top for a code without field errors', () => {
    expect(signupErrorDisplay(new ApiError(409, 'email_taken', 'x')).alerts).toEqual([signupErrorMessages.email_taken]);
    expect(signupErrorDisplay(new ApiError(503, 'maintenance_mode', 'x')).alerts).toEqual([signupErrorMessages.maintenance_mode]);
    expect(signupErrorDisplay(new ApiError(502, 'server_error', 'x')).alerts).toEqual([signupErrorMessages.server_error]);
    expect(signupErrorDisplay(new ApiError(0, 'network_error', 'x')).alerts).toEqual([signupErrorMessages.network_error]);
  });

  it('shows a general message that is not about validation, next to the field errors', () => {
    const error = new ApiError(422, 'invalid_date', 'Date de naissance non valide.', { birthdate: ['La date de naissance doit être dans le passé.'] });
    expect(signupErrorDisplay(error)).toEqual({
      fieldErrors: { birthdate: 'La date de naissance doit être dans le passé.' },
      alerts: ['Date de naissance non valide.'],
    });
  });

  it('without a code or errors, shows the message, else the unknown-error text', () => {
    expect(signupErrorDisplay(new ApiError(400, 'unknown_error', 'Refusé par le serveur')).alerts).toEqual([signupErrorMessages.unknown_error]);
    expect(signupErrorDisplay(new ApiError(400, 'quota', 'Refusé par le serveur')).alerts).toEqual(['Refusé par le serveur']);
    expect(signupErrorDisplay(new ApiError(400, 'quota', '')).alerts).toEqual([signupErrorMessages.unknown_error]);
  });

  it('shows a thrown exception’s own message', () => {
    expect(signupErrorDisplay(new Error('Échec inattendu')).alerts).toEqual(['Échec inattendu']);
    expect(signupErrorDisplay('rien').alerts).toEqual([SIGNUP_DEFAULT_MESSAGE]);
  });
});
