/**
 * Sending creators' money out (issue 21). Cashfree Payouts in production; the built-in payouts
 * simulator, which speaks the same API, everywhere else. This first part checks a UPI ID and reads
 * the platform's payout balance; transfers come next.
 */
export interface PayoutGateway {
  /** Asks the payee's bank who holds this UPI ID. */
  validateVpa(vpa: string): Promise<VpaCheck>;
  /** What the platform's payout account holds, and what of it is not yet promised to transfers. */
  getBalance(): Promise<{ balancePaise: number; availablePaise: number }>;
}

export type VpaCheck =
  /** The UPI ID exists; this is the account holder's name as the bank has it. */
  | { kind: 'found'; nameAtBank: string }
  /** Well formed, but no account answers to it (a typo of a handle, a closed account). */
  | { kind: 'not_found' }
  /** Not a UPI ID the provider accepts at all. */
  | { kind: 'invalid' };

export type PayoutErrorKind = 'unavailable' | 'rejected_credentials' | 'rate_limited' | 'malformed_response';

export class PayoutGatewayError extends Error {
  override name = 'PayoutGatewayError';
  constructor(
    readonly kind: PayoutErrorKind,
    message: string,
  ) {
    super(message);
  }
}
