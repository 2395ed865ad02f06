/**
 * What a payouts provider's transfer status means for a withdrawal (reference/cashfree-audit.md
 * B.4). SUCCESS is paid but not final: the bank can still return it (REVERSED). Anything we do not
 * know is treated as still on its way, and logged for a person to look at.
 */
export type TransferOutcome = 'in_flight' | 'paid' | 'failed' | 'reversed' | 'unknown';

const OUTCOMES: Record<string, TransferOutcome> = {
  RECEIVED: 'in_flight',
  APPROVAL_PENDING: 'in_flight',
  PENDING: 'in_flight',
  QUEUED: 'in_flight',
  SUCCESS: 'paid',
  FAILED: 'failed',
  REJECTED: 'failed',
  MANUALLY_REJECTED: 'failed',
  REVERSED: 'reversed',
};

export function transferOutcome(status: string): TransferOutcome {
  return OUTCOMES[status.toUpperCase()] ?? 'unknown';
}

/** The failure the platform causes, not the creator: the payout waits for a top-up and is sent again. */
export function isLackOfFunds(statusCode: string | null): boolean {
  // Statuses come in capitals, a V2 error's code in lower case (insufficient_balance).
  const code = statusCode?.toUpperCase();
  return code === 'INSUFFICIENT_BALANCE' || code === 'INSUFFICIENT_FUNDS';
}

/** Why a payout failed, in words a creator can act on, from the provider's code. */
export function failureReason(statusCode: string | null, description: string | null): string {
  switch (statusCode?.toUpperCase()) {
    case 'INVALID_BENE_VPA':
    case 'INVALID_VPA':
    case 'BENE_NAME_DIFFERS':
      return 'Your bank refused this UPI ID. Check your payout account in the Wallet (copy the UPI ID from your UPI app), then withdraw again.';
    case 'BENEFICIARY_BANK_OFFLINE':
    case 'BENE_BANK_DECLINED':
    case 'IMPS_MODE_FAIL':
    case 'WAIT_TIME_EXCEEDED':
      return 'Your bank did not accept the payment just now (it may be offline). The money is back in your wallet; please withdraw again in a little while.';
    case 'ACCOUNT_BLOCKED':
    case 'BENE_ACCOUNT_BLOCKED':
      return 'Your bank account cannot receive money (it may be blocked or frozen). Please save a different UPI ID in your Wallet and withdraw again.';
    default:
      return `The payment to your bank did not go through${description === null ? '' : ` (${description.slice(0, 120)})`}. The money is back in your wallet; please withdraw again, or write to us if it happens twice.`;
  }
}

/** The provider's transfer id for a withdrawal's attempt: its own id first, then `{id}_{n}`. */
export function transferIdOf(withdrawal: { id: string; transferAttempt: number }): string {
  return withdrawal.transferAttempt === 1 ? withdrawal.id : `${withdrawal.id}_${withdrawal.transferAttempt}`;
}
