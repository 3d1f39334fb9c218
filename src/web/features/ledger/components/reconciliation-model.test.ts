import { describe, expect, it } from 'vitest';
import {
  readStatementBalance,
  reconciliationSums,
  STATEMENT_BALANCE_FORMAT,
  statementDateProblem,
} from './reconciliation-model';

const rows = [
  { id: 'a', amount: 25_000 },
  { id: 'b', amount: -4_000 },
  { id: 'c', amount: -500 },
];

describe('reconciliation model', () => {
  it('adds the ticked rows to the balance reconciled before', () => {
    expect(reconciliationSums(100_000, rows, new Set(['a', 'b']), 121_000)).toEqual({
      tickedCount: 2,
      ticked: 21_000,
      cleared: 121_000,
      difference: 0,
    });
  });

  it('gives the difference as statement minus cleared, and none without a statement balance', () => {
    expect(reconciliationSums(100_000, rows, new Set(['a']), 121_000).difference).toBe(-4_000);
    expect(reconciliationSums(100_000, rows, new Set(), null)).toEqual({
      tickedCount: 0,
      ticked: 0,
      cleared: 100_000,
      difference: null,
    });
  });

  it('counts no tick on a row no longer offered (another statement day)', () => {
    expect(reconciliationSums(0, rows, new Set(['gone', 'c']), -500)).toMatchObject({
      tickedCount: 1,
      difference: 0,
    });
  });

  it('reads a statement balance, an overdraft negative', () => {
    expect(readStatementBalance('', 'USD')).toEqual({ minor: null, error: null });
    expect(readStatementBalance('-', 'USD')).toEqual({ minor: null, error: null });
    expect(readStatementBalance(' 1210.5 ', 'USD')).toEqual({ minor: 121_050, error: null });
    expect(readStatementBalance('-120.00', 'USD')).toEqual({ minor: -12_000, error: null });
    expect(readStatementBalance('\u2212120', 'USD')).toEqual({ minor: -12_000, error: null });
    expect(readStatementBalance('12,5', 'EUR')).toEqual({ minor: 1_250, error: null });
    expect(readStatementBalance('1.2.3', 'USD')).toEqual({ minor: null, error: STATEMENT_BALANCE_FORMAT });
    expect(readStatementBalance('2000000000', 'USD').error).toBe('The balance is too large.');
  });

  it('refuses a statement day that is empty, in the future or older than the last one', () => {
    const day = (value: string) => `day ${value}`;
    expect(statementDateProblem('', '2026-03-10', null, day)).toBe('Enter the statement’s date.');
    expect(statementDateProblem('2026-03-11', '2026-03-10', null, day)).toMatch(/future/);
    expect(statementDateProblem('2026-02-27', '2026-03-10', '2026-02-28', day)).toBe(
      'The account was reconciled to a statement of day 2026-02-28: this one must not be older.',
    );
    expect(statementDateProblem('2026-02-28', '2026-03-10', '2026-02-28', day)).toBeNull();
  });
});
