import { describe, expect, it } from 'vitest';
import { failureReason, isLackOfFunds, transferIdOf, transferOutcome } from './transfer-status.js';
import { withdrawalIdOfTransfer } from './payout-transfers.js';

describe('what a transfer status means', () => {
  it.each([
    ['RECEIVED', 'in_flight'],
    ['APPROVAL_PENDING', 'in_flight'],
    ['PENDING', 'in_flight'],
    ['SUCCESS', 'paid'],
    ['success', 'paid'],
    ['FAILED', 'failed'],
    ['REJECTED', 'failed'],
    ['REVERSED', 'reversed'],
    ['ON_HOLD_SOMETHING_NEW', 'unknown'],
  ])('%s is %s', (status, outcome) => {
    expect(transferOutcome(status)).toBe(outcome);
  });

  it('tells the platform’s lack of funds from the creator’s problems', () => {
    expect(isLackOfFunds('INSUFFICIENT_BALANCE')).toBe(true);
    // A V2 error's code, as a refused create answers it.
    expect(isLackOfFunds('insufficient_balance')).toBe(true);
    expect(isLackOfFunds('INVALID_BENE_VPA')).toBe(false);
    expect(isLackOfFunds(null)).toBe(false);
  });

  it('explains a failure in words she can act on', () => {
    expect(failureReason('INVALID_BENE_VPA', null)).toContain('Check your payout account');
    expect(failureReason('BENEFICIARY_BANK_OFFLINE', null)).toContain('withdraw again in a little while');
    expect(failureReason('SOMETHING_ELSE', 'Odd thing')).toContain('(Odd thing)');
  });

  it('names each attempt’s transfer, and finds the withdrawal from it', () => {
    const id = 'wd_ABCDEFGHIJKLMNOPQRSTUVWX';
    expect(transferIdOf({ id, transferAttempt: 1 })).toBe(id);
    expect(transferIdOf({ id, transferAttempt: 3 })).toBe(`${id}_3`);
    expect(transferIdOf({ id, transferAttempt: 3 }).length).toBeLessThanOrEqual(40);
    expect(withdrawalIdOfTransfer(`${id}_3`)).toBe(id);
    expect(withdrawalIdOfTransfer(id)).toBe(id);
    expect(withdrawalIdOfTransfer('someone_else')).toBeNull();
  });
});
