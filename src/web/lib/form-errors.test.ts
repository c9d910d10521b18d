import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors, serverFieldMessages, setServerErrors } from './form-errors';

const taken = 'Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.';

describe('serverFieldMessages', () => {
  it("keeps the first message of each listed field and drops the others", () => {
    const error = new ApiError(422, 'validation_failed', 'Données invalides.', { email: [taken, 'autre'], note: ['Ignoré.'], title: [] });
    expect(serverFieldMessages(error, ['email', 'title'])).toEqual({ email: taken });
  });

  it('finds nothing in an error that is not an API error', () => {
    expect(serverFieldMessages(new TypeError('réseau'), ['email'])).toEqual({});
  });
});

describe('setServerErrors', () => {
  it("puts each message under its field as a 'server' error and focuses the first when asked", () => {
    const setError = vi.fn();
    expect(setServerErrors(setError, { email: taken, firstname: 'Le prénom est obligatoire.' }, { focus: true })).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: taken }, { shouldFocus: true }],
      ['firstname', { type: 'server', message: 'Le prénom est obligatoire.' }, { shouldFocus: false }],
    ]);
  });

  it('focuses nothing by default and says when nothing was placed', () => {
    const setError = vi.fn();
    setServerErrors(setError, { email: taken });
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: taken }, { shouldFocus: false });
    expect(setServerErrors(vi.fn(), {})).toBe(false);
  });
});

describe('applyServerErrors', () => {
  const fallback = 'Échec de la création du compte. Veuillez réessayer.';

  it('leaves no general message when every error found its field', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError(409, 'email_taken', taken, { email: [taken] }), ['email'], setError, fallback)).toBeNull();
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it("gives the server's message for a refusal without a field, the fallback for a failure", () => {
    expect(applyServerErrors(new ApiError(403, 'forbidden', 'Accès refusé.'), ['email'], vi.fn(), fallback)).toBe('Accès refusé.');
    expect(applyServerErrors(new ApiError(500, 'server_error', 'x'), ['email'], vi.fn(), fallback)).toBe(fallback);
    expect(applyServerErrors(new TypeError('x'), ['email'], vi.fn(), fallback)).toBe(fallback);
  });
});
