import { describe, expect, it } from 'vitest';
import { isDatabaseTimeLimit, isDatabaseUnavailable, isDiskFull, isUniqueViolation } from './db-errors';

describe('isUniqueViolation', () => {
  it('recognises 23505 on the error itself and down a cause chain (Drizzle, then a transaction, wrap it)', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(isUniqueViolation(driver)).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: driver }))).toBe(true);
    expect(isUniqueViolation(new Error('rollback', { cause: new Error('Failed query', { cause: driver }) }))).toBe(true);
  });

  it('refuses other errors and values that are not errors', () => {
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(new Error('Failed query', { cause: new Error('boom') }))).toBe(false);
    for (const value of [null, undefined, '23505', 23505]) expect(isUniqueViolation(value)).toBe(false);
  });

  it('stops on a cause cycle', () => {
    const a: { code?: string; cause?: unknown } = {};
    a.cause = a;
    expect(isUniqueViolation(a)).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it('reads connection failures down the cause chain, not constraint violations', () => {
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  });

  it('reads a stalled read as unavailability, not the time limits of decision 016 nor a deadlock', () => {
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Query read timeout') }))).toBe(true);
    for (const code of ['55P03', '57014', '25P03', '40P01']) {
      expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('canceling statement'), { code }) }))).toBe(false);
    }
  });
});

describe('isDatabaseTimeLimit', () => {
  it('reads lock, statement and idle-transaction limits down the cause chain, nothing else', () => {
    for (const code of ['55P03', '57014', '25P03']) {
      expect(isDatabaseTimeLimit(new Error('Failed query', { cause: Object.assign(new Error('canceling statement'), { code }) }))).toBe(true);
    }
    for (const code of ['40P01', '23505', 'ECONNREFUSED']) expect(isDatabaseTimeLimit(Object.assign(new Error('x'), { code }))).toBe(false);
  });
});

describe('isDiskFull', () => {
  it('reads disk_full (53100) and ENOSPC down the cause chain, not other resource errors', () => {
    expect(isDiskFull(new Error('Failed query', { cause: Object.assign(new Error('could not extend file'), { code: '53100' }) }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('too many connections'), { code: '53300' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  });
});
