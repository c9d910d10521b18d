import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { initials } from './components/ProfileSummary';
import { profileErrorMessages, profileLoadError, profileSaveError } from './profile-errors';

describe('profile messages', () => {
  it('are the French versions of spec section 8', () => {
    expect(profileErrorMessages).toEqual({
      noToken: "Aucun jeton d'accès trouvé. Veuillez vous connecter.",
      fetchFailed: 'Impossible de récupérer les données du profil.',
      unknown: "Une erreur inconnue s'est produite.",
      updateFailed: 'Échec de la mise à jour du profil.',
      updateError: "Une erreur s'est produite lors de la mise à jour du profil.",
    });
  });

  it('explain a failed load', () => {
    expect(profileLoadError(new ApiError(503, 'maintenance_mode', 'La plateforme est en maintenance.'))).toBe(
      'Impossible de récupérer les données du profil. La plateforme est en maintenance.',
    );
    expect(profileLoadError(new Error('boom'))).toBe("Une erreur inconnue s'est produite.");
  });

  it('put a failed save’s field messages under the fields', () => {
    const error = new ApiError(409, 'email_taken', 'Cette adresse e-mail est déjà utilisée.', { email: ['Cette adresse e-mail est déjà utilisée.'] });
    expect(profileSaveError(error)).toEqual({ fieldErrors: { email: 'Cette adresse e-mail est déjà utilisée.' }, alert: null });
  });

  it('put anything else in one alert', () => {
    expect(profileSaveError(new ApiError(500, 'server_error', 'Erreur serveur.'))).toEqual({
      fieldErrors: {},
      alert: 'Échec de la mise à jour du profil. Erreur serveur.',
    });
    expect(profileSaveError(new ApiError(422, 'validation_failed', 'x', { _: ['Corps invalide.'] })).alert).toBe('Échec de la mise à jour du profil. Corps invalide.');
    expect(profileSaveError(new TypeError('x'))).toEqual({ fieldErrors: {}, alert: "Une erreur s'est produite lors de la mise à jour du profil." });
  });
});

describe('initials', () => {
  it('keeps accented letters and emoji whole', () => {
    expect(initials('élodie', 'martin')).toBe('ÉM');
    expect(initials('🌱Zoé', ' Durand')).toBe('🌱D');
    expect(initials('', '')).toBe('');
  });
});
