/**
 * Sending creators' money out (issue 21, ADR 020). Cashfree Payouts in production; the built-in
 * payouts simulator, which speaks the same API, everywhere else.
 */
export interface PayoutGateway {
  /** Asks the payee's bank who holds this UPI ID. */
  validateVpa(vpa: string): Promise<VpaCheck>;
  /** What the platform's payout account holds, and what of it is not yet promised to transfers. */
  getBalance(): Promise<{ balancePaise: number; availablePaise: number }>;
  /**
   * Asks the provider to pay. `transferId` is the idempotency key: a second call with the same id
   * never pays twice (the provider's 409 is answered with the transfer it already has). Throws
   * PayoutGatewayError: `unavailable` (5xx, timeout: the transfer may or may not exist, so the
   * caller must getTransfer before sending again) or `refused` (4xx: nothing was created).
   */
  createTransfer(transfer: TransferRequest): Promise<TransferState>;
  /** The provider's current word on a transfer; null when it has no transfer with that id. */
  getTransfer(transferId: string): Promise<TransferState | null>;
}

export interface TransferRequest {
  /** ≤ 40 characters, letters, digits and `_`. */
  transferId: string;
  amountPaise: number;
  vpa: string;
  /** Letters and spaces only, ≤ 100 (the provider's rule). */
  beneficiaryName: string;
  /** Letters, digits and spaces only, ≤ 70. */
  remarks: string;
}

export interface TransferState {
  transferId: string;
  /** The provider's own id, when it has given one. */
  providerTransferId: string | null;
  /**
   * As the provider says it, uppercased: RECEIVED, APPROVAL_PENDING, PENDING, SUCCESS, FAILED,
   * REJECTED, REVERSED, or anything new (which the caller treats as not final).
   */
  status: string;
  /** e.g. COMPLETED, SENT_TO_BENEFICIARY, INVALID_BENE_VPA, INSUFFICIENT_BALANCE. */
  statusCode: string | null;
  statusDescription: string | null;
  /** The bank's reference, once paid. */
  utr: string | null;
  amountPaise: number | null;
}

/** A verified payouts webhook, as the provider sent it. */
export interface PayoutWebhookEvent {
  /** TRANSFER_SUCCESS, TRANSFER_FAILED, TRANSFER_REVERSED, TRANSFER_REJECTED, TRANSFER_ACKNOWLEDGED, LOW_BALANCE_ALERT, … */
  type: string;
  /** Null for events about no transfer (LOW_BALANCE_ALERT). */
  transfer: TransferState | null;
}

export type VpaCheck =
  /** The UPI ID exists; this is the account holder's name as the bank has it. */
  | { kind: 'found'; nameAtBank: string }
  /** Well formed, but no account answers to it (a typo of a handle, a closed account). */
  | { kind: 'not_found' }
  /** Not a UPI ID the provider accepts at all. */
  | { kind: 'invalid' };

export type PayoutErrorKind =
  'unavailable' | 'rejected_credentials' | 'rate_limited' | 'malformed_response' | 'refused';

export class PayoutGatewayError extends Error {
  override name = 'PayoutGatewayError';
  constructor(
    readonly kind: PayoutErrorKind,
    message: string,
    /** The provider's error code, for `refused`. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}
