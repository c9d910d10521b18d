import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { LOGIN_DEFAULT_MESSAGE, LOGIN_FALLBACK_MESSAGE, loginErrorMessage, loginErrorMessages, loginMessageFor } from './login-errors';

describe('login error messages', () => {
  it('maps every code of spec section 8 to French', () => {
    const codes = [
      'invalid_credentials',
      'account_locked',
      'account_not_verified',
      'account_disabled',
      'email_not_found',
      'server_error',
      'network_error',
      'invalid_request',
      'validation_failed',
      'empty_fields',
      'inactive_account',
      'invalid_token',
      'maintenance_mode',
      'too_many_attempts',
    ];
    expect(Object.keys(loginErrorMessages).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(loginMessageFor(code, 'ignored English text')).toBe(loginErrorMessages[code as keyof typeof loginErrorMessages]);
    expect(loginMessageFor('invalid_credentials', null)).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(loginMessageFor('account_locked', null)).toBe('Compte temporairement verrouillé après plusieurs tentatives. Réessayez dans 15 minutes.');
    expect(loginMessageFor('too_many_attempts', null)).toBe('Trop de tentatives. Veuillez réessayer dans quelques minutes.');
    expect(loginMessageFor('invalid_token', null)).toBe('Votre session a expiré. Veuillez vous reconnecter.');
  });

  it('uses the default for a code it does not know', () => {
    expect(loginMessageFor('quota_exceeded', 'whatever')).toBe("Erreur d'authentification. Veuillez réessayer.");
    expect(LOGIN_DEFAULT_MESSAGE).toBe("Erreur d'authentification. Veuillez réessayer.");
  });

  it('matches the message text when there is no code, in the spec order', () => {
    expect(loginMessageFor(null, 'Email verification required')).toBe(loginErrorMessages.account_not_verified);
    expect(loginMessageFor(undefined, 'Account not verified')).toBe(loginErrorMessages.account_not_verified);
    expect(loginMessageFor(null, 'Invalid credentials')).toBe(loginErrorMessages.invalid_credentials);
    expect(loginMessageFor(null, 'Wrong password')).toBe(loginErrorMessages.invalid_credentials);
    expect(loginMessageFor(null, 'Account locked')).toBe(loginErrorMessages.account_disabled);
    expect(loginMessageFor(null, 'User disabled')).toBe(loginErrorMessages.account_disabled);
    expect(loginMessageFor(null, 'User not found')).toBe(loginErrorMessages.email_not_found);
    expect(loginMessageFor(null, "Email doesn't exist")).toBe(loginErrorMessages.email_not_found);
    expect(loginMessageFor(null, 'Validation error')).toBe(loginErrorMessages.validation_failed);
    expect(loginMessageFor(null, 'Not a valid input')).toBe(loginErrorMessages.validation_failed);
  });

  it('shows the server message when nothing matches, else the fallback', () => {
    expect(loginMessageFor(null, 'Service indisponible')).toBe('Service indisponible');
    expect(loginMessageFor(null, '')).toBe('Échec de la connexion. Veuillez vérifier vos identifiants.');
    expect(loginMessageFor(null, null)).toBe(LOGIN_FALLBACK_MESSAGE);
  });

  it('reads ApiErrors: no answer is network_error, an answer without code is matched by text', () => {
    expect(loginErrorMessage(new ApiError(401, 'invalid_credentials', 'x'))).toBe(loginErrorMessages.invalid_credentials);
    expect(loginErrorMessage(new ApiError(0, 'network_error', 'x'))).toBe('Impossible de joindre le serveur. Vérifiez votre connexion internet.');
    expect(loginErrorMessage(new ApiError(400, 'unknown_error', 'Bad credentials'))).toBe(loginErrorMessages.invalid_credentials);
    expect(loginErrorMessage(new ApiError(400, 'unknown_error', ''))).toBe(LOGIN_FALLBACK_MESSAGE);
  });

  it('treats a failure before the request as server_error', () => {
    expect(loginErrorMessage(new TypeError('Failed to construct Request'))).toBe(loginErrorMessages.server_error);
    expect(loginErrorMessage('oops')).toBe(loginErrorMessages.server_error);
  });
});
