import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advisedPace, courseDuration } from './course-rules';
import { formatDate, formatDateTime, formatDay, formatEuros, formatFileSize, formatMinutes, formatNumber, formatShortDate, formatShortDateTime, plural } from './french-format';

/** Intl's output as a test types it: no-break and narrow no-break spaces read as spaces. */
const typed = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates in Paris time', () => {
  it('gives the day in Paris, not in UTC, on both sides of midnight', () => {
    expect(formatDay('2026-11-24T22:59:00Z')).toBe('24 novembre 2026');
    expect(formatDay('2026-11-24T23:00:00Z')).toBe('25 novembre 2026');
    // Summer time: Paris is UTC+2.
    expect(formatShortDate('2026-06-30T21:59:00Z')).toBe('30/06/2026');
    expect(formatShortDate('2026-06-30T22:00:00Z')).toBe('01/07/2026');
  });

  it('reads a calendar date as written, whatever the time zone', () => {
    expect(formatDate('1990-05-17')).toBe('17 mai 1990');
    expect(formatDate('1990-01-01T00:00:00Z')).toBe('1 janvier 1990');
    expect(formatDate('pas une date')).toBe('');
  });

  it('writes an appointment in full and a table cell in short, in Paris time', () => {
    expect(formatDateTime('2026-01-03T09:00:00Z')).toBe('samedi 3 janvier 2026 à 10:00');
    expect(formatShortDateTime(new Date('2026-03-12T13:05:00Z'))).toBe('12/03/2026 14:05');
    expect(formatShortDateTime('2026-12-31T23:30:00Z')).toBe('01/01/2027 00:30');
  });

  it('writes nothing for a missing or unreadable instant', () => {
    for (const value of [null, undefined, '', 'demain']) {
      expect(formatDay(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
      expect(formatShortDateTime(value)).toBe('');
    }
  });
});

describe('numbers', () => {
  it('groups thousands and writes the decimal comma', () => {
    expect(typed(formatNumber(1234567))).toBe('1 234 567');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(4.25, 1)).toBe('4,3');
    expect(formatNumber(4, 1)).toBe('4,0');
    expect(typed(formatEuros(49.9))).toBe('49,90 €');
  });

  it('writes every number as Intl writes it in fr-FR, whether it takes the plain path or Intl', () => {
    const number = new Intl.NumberFormat('fr-FR');
    const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    const same = (value: number) => {
      expect(formatNumber(value)).toBe(number.format(value));
      expect(formatNumber(value, 1)).toBe(oneDecimal.format(value));
      expect(formatEuros(value)).toBe(euros.format(value));
    };
    // Edges: signs, no rounding (4.5, 49.9), rounding left to Intl (1.005, 4.25), exponents, not numbers.
    for (const value of [0, -0, 7, -7, 999, 1000, -1234, 1234567, 4.5, 49.9, -0.05, 1.005, 4.25, 123456.789, 1e21, 1e-7, NaN, Infinity, -Infinity]) same(value);
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), same));
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (tenths) => same(tenths / 10)));
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => same(cents / 100)));
    fc.assert(fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), same));
  });

  it('writes file sizes in octets, Ko and Mo', () => {
    expect(formatFileSize(512)).toBe('512 octets');
    expect(formatFileSize(1536)).toBe('1,5 Ko');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2,0 Mo');
  });
});

describe('a course’s duration and pace (issue 25)', () => {
  it('writes the lessons’ sum in hours and minutes, and the trainer’s text as the advised pace', () => {
    expect(courseDuration(1702)).toBe('28\u00a0h\u00a022\u00a0min');
    expect(courseDuration(111)).toBe('1\u00a0h\u00a051\u00a0min');
    expect(advisedPace(' 3 mois ')).toBe('à suivre sur 3 mois');
  });
});

describe('formatMinutes', () => {
  it('writes minutes, hours, or both, held to their unit by no-break spaces', () => {
    expect(formatMinutes(45)).toBe('45\u00a0min');
    expect(formatMinutes(120)).toBe('2\u00a0h');
    expect(formatMinutes(90)).toBe('1\u00a0h\u00a030\u00a0min');
    expect(formatMinutes(1)).toBe('1\u00a0min');
    expect(formatMinutes(0)).toBe("moins d'1\u00a0min");
  });

  it('takes an ordinary space where the text is searched as typed (the PDF)', () => {
    expect(formatMinutes(90, ' ')).toBe('1 h 30 min');
  });
});

describe('plural', () => {
  it('is singular up to 1 and plural from 2, as French has it', () => {
    expect(plural(0, 'leçon')).toBe('0 leçon');
    expect(plural(1, 'leçon')).toBe('1 leçon');
    expect(plural(2, 'leçon')).toBe('2 leçons');
  });

  it('takes an irregular plural and groups thousands', () => {
    expect(plural(3, 'membre inscrit', 'membres inscrits')).toBe('3 membres inscrits');
    expect(plural(1, 'avis', 'avis')).toBe('1 avis');
    expect(typed(plural(1234, 'avis', 'avis'))).toBe('1 234 avis');
  });
});
