import { describe, expect, it } from 'vitest';
import {
  contractMentionKeys,
  firstChargeableDay,
  firstPaymentCap,
  fullNameMatches,
  instalmentIsDue,
  isFrenchPublicHoliday,
  missingContractMentions,
  paymentSchedule,
  withdrawalPeriodEnd,
  withinWithdrawalPeriod,
} from './contracts';

/** Noon in Paris on that day (winter time). */
const parisNoon = (day: string) => new Date(`${day}T11:00:00Z`);

describe('withdrawalPeriodEnd (L6353-5, L221-18)', () => {
  it('ends 14 days after the day of signature for a contract signed at a distance, 10 days otherwise', () => {
    // Signed on Tuesday 3 March 2026: the period runs from the 4th; the 17th is a Tuesday.
    expect(withdrawalPeriodEnd(parisNoon('2026-03-03'), true)).toBe('2026-03-17');
    expect(withdrawalPeriodEnd(parisNoon('2026-03-03'), false)).toBe('2026-03-13');
  });
  it('counts Paris days: 23:30 UTC on 2 March is already 3 March in Paris', () => {
    expect(withdrawalPeriodEnd(new Date('2026-03-02T23:30:00Z'), true)).toBe('2026-03-17');
    expect(withdrawalPeriodEnd(new Date('2026-03-02T22:30:00Z'), true)).toBe('2026-03-16');
  });
  it('moves a last day falling on a Saturday or Sunday to the Monday', () => {
    // Signed Saturday 7 March: + 14 = Saturday 21 March -> Monday 23 March.
    expect(withdrawalPeriodEnd(parisNoon('2026-03-07'), true)).toBe('2026-03-23');
    expect(withdrawalPeriodEnd(parisNoon('2026-03-08'), true)).toBe('2026-03-23');
  });
  it('moves a last day falling on a public holiday to the next working day (Easter Monday 2026: 6 April)', () => {
    expect(isFrenchPublicHoliday('2026-04-06')).toBe(true);
    expect(isFrenchPublicHoliday('2026-05-14')).toBe(true); // Ascension
    expect(isFrenchPublicHoliday('2026-04-07')).toBe(false);
    // Signed Monday 23 March: + 14 = Monday 6 April (Easter Monday) -> Tuesday 7 April.
    expect(withdrawalPeriodEnd(new Date('2026-03-23T10:00:00Z'), true)).toBe('2026-04-07');
  });
  it('lets the learner withdraw until the end of the last day, in Paris, and not after', () => {
    expect(withinWithdrawalPeriod('2026-03-17', new Date('2026-03-17T22:59:00Z'))).toBe(true);
    expect(withinWithdrawalPeriod('2026-03-17', new Date('2026-03-17T23:00:00Z'))).toBe(false);
  });
});

describe('firstPaymentCap (L6353-6)', () => {
  it('is 30 % of the price rounded down to the cent', () => {
    expect(firstPaymentCap(10000)).toBe(3000);
    expect(firstPaymentCap(9999)).toBe(2999);
    expect(firstPaymentCap(1)).toBe(0);
  });
});

describe('paymentSchedule (L6353-6)', () => {
  const signedAt = parisNoon('2026-03-03');
  const withdrawalUntil = withdrawalPeriodEnd(signedAt, true);

  it('sums to the price, whatever the cents', () => {
    for (const priceCents of [1, 2, 3, 99, 100, 101, 4999, 8000, 12345, 99999, 1_000_001]) {
      const schedule = paymentSchedule({ priceCents, signedAt, withdrawalUntil });
      expect(schedule.reduce((sum, i) => sum + i.amountCents, 0)).toBe(priceCents);
      expect(schedule.every((i) => Number.isInteger(i.amountCents) && i.amountCents > 0)).toBe(true);
    }
  });
  it('asks at most 30 % first, on the day after the withdrawal period, and the balance at 50 % and 100 % of the lessons', () => {
    const schedule = paymentSchedule({ priceCents: 12345, signedAt, withdrawalUntil });
    expect(schedule.map((i) => [i.amountCents, i.due])).toEqual([
      [3703, { on: '2026-03-18' }],
      [4321, { progress: 50 }],
      [4321, { progress: 100 }],
    ]);
    expect(schedule[0]!.amountCents).toBeLessThanOrEqual(firstPaymentCap(12345));
  });
  it('puts the odd cent on the last instalment', () => {
    expect(paymentSchedule({ priceCents: 1001, signedAt, withdrawalUntil }).map((i) => i.amountCents)).toEqual([300, 350, 351]);
  });
  it('never dates an instalment before the withdrawal period ends', () => {
    for (const instalment of paymentSchedule({ priceCents: 8000, signedAt, withdrawalUntil })) {
      if ('on' in instalment.due) expect(instalment.due.on > withdrawalUntil).toBe(true);
    }
    expect(firstChargeableDay('2026-03-31')).toBe('2026-04-01');
  });
  it('has no schedule for a free course, and leaves out instalments of 0', () => {
    expect(paymentSchedule({ priceCents: 0, signedAt, withdrawalUntil })).toEqual([]);
    expect(paymentSchedule({ priceCents: 1, signedAt, withdrawalUntil }).map((i) => i.due)).toEqual([{ progress: 100 }]);
  });
  it('refuses a negative or fractional price and a period ending before the signature', () => {
    expect(() => paymentSchedule({ priceCents: -1, signedAt, withdrawalUntil })).toThrow(RangeError);
    expect(() => paymentSchedule({ priceCents: 10.5, signedAt, withdrawalUntil })).toThrow(RangeError);
    expect(() => paymentSchedule({ priceCents: 100, signedAt, withdrawalUntil: '2026-03-01' })).toThrow(RangeError);
  });
});

describe('instalmentIsDue', () => {
  it('is due from its day, or from its share of the lessons done', () => {
    expect(instalmentIsDue({ on: '2026-03-18' }, '2026-03-17', 100)).toBe(false);
    expect(instalmentIsDue({ on: '2026-03-18' }, '2026-03-18', 0)).toBe(true);
    expect(instalmentIsDue({ progress: 50 }, '2026-03-18', 49)).toBe(false);
    expect(instalmentIsDue({ progress: 50 }, '2026-03-18', 50)).toBe(true);
    expect(instalmentIsDue({ progress: 100 }, '2026-03-18', 99)).toBe(false);
  });
});

describe('missingContractMentions (L6353-4)', () => {
  it('finds none when every mention has text, and names each one missing or empty', () => {
    const complete = contractMentionKeys.map((key) => ({ key, body: 'texte' }));
    expect(missingContractMentions(complete)).toEqual([]);
    expect(missingContractMentions(complete.filter((s) => s.key !== 'withdrawal'))).toEqual(['withdrawal']);
    expect(missingContractMentions(complete.map((s) => (s.key === 'price' ? { ...s, body: '  ' } : s)))).toEqual(['price']);
  });
});

describe('fullNameMatches', () => {
  it('accepts the account’s name in either order, whatever the case and accents', () => {
    expect(fullNameMatches('Zoé Martin', 'Zoé', 'Martin')).toBe(true);
    expect(fullNameMatches('  martin   zoe ', 'Zoé', 'Martin')).toBe(true);
    expect(fullNameMatches('Marie-Claire d’Arc', 'Marie-Claire', "d'Arc")).toBe(true);
  });
  it('refuses another name or nothing', () => {
    expect(fullNameMatches('Zoé', 'Zoé', 'Martin')).toBe(false);
    expect(fullNameMatches('Jean Martin', 'Zoé', 'Martin')).toBe(false);
    expect(fullNameMatches('', 'Zoé', 'Martin')).toBe(false);
  });
});
