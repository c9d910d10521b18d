import { describe, expect, it } from 'vitest';
import { formatIban, isValidIban, normalizeIban } from './provider';

describe('IBAN check digits (ISO 13616)', () => {
  it('accepts a valid IBAN, typed with spaces and lowercase', () => {
    expect(isValidIban(normalizeIban('fr76 3000 6000 0112 3456 7890 189'))).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });
  it('refuses a wrong check digit, a short or malformed one', () => {
    expect(isValidIban('FR7630006000011234567890188')).toBe(false);
    expect(isValidIban('FR76')).toBe(false);
    expect(isValidIban('7630006000011234567890189FR')).toBe(false);
  });
  it('prints by groups of four', () => {
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
});
