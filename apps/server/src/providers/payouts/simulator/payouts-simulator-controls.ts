/** Failures the `failWith` switch forces on every new transfer (Cashfree's status_code values). */
export const FORCED_FAILURES = ['INVALID_BENE_VPA', 'BENEFICIARY_BANK_OFFLINE', 'INSUFFICIENT_BALANCE'] as const;
export type ForcedFailure = (typeof FORCED_FAILURES)[number];

/**
 * The payouts simulator's test switches: the platform account's money, the bank's speed, and
 * faults Cashfree Payouts produces, on demand. What a transfer will do is decided when it is
 * created, from the switches of the process that creates it; longPending, and the webhook and
 * request switches, act where they are set.
 */
export interface PayoutsSimulatorControls {
  /** What the platform has put into its payout account (paise); an admin tops it up by raising it. */
  balancePaise: number;
  /** How long after creation the bank answers a transfer. */
  delayMs: number;
  /** Every new transfer fails with this code. */
  failWith: ForcedFailure | null;
  /** New transfers stay PENDING while this is on; they settle on the first runDue after it is off. */
  longPending: boolean;
  /** New transfers that succeed come back REVERSED this long after their SUCCESS. */
  reverseAfterMs: number | null;
  /** Extra identical deliveries of every webhook. */
  duplicateWebhooks: number;
  /**
   * A SUCCESS webhook is held back and sent after the transfer's next webhook (REVERSED before
   * SUCCESS), or OUT_OF_ORDER_HOLD_MS late when no other comes.
   */
  outOfOrderWebhooks: boolean;
  /** No webhooks at all (polling must notice the outcome). */
  dropWebhooks: boolean;
  /** The next n API calls answer 503 and do nothing. */
  failNextRequests: number;
  /** The next n transfers created are recorded but answered 500: "did it go through?". */
  failAfterCreate: number;
}

/** ₹1,00,00,000: enough that only a test that means to run the account dry does. */
export const DEFAULT_SIMULATED_BALANCE_PAISE = 1_000_000_000;

/** How long the simulated bank takes to answer, unless a test says otherwise. */
export const DEFAULT_DELAY_MS = 2000;

export function defaultPayoutsSimulatorControls(): PayoutsSimulatorControls {
  return {
    balancePaise: DEFAULT_SIMULATED_BALANCE_PAISE,
    delayMs: DEFAULT_DELAY_MS,
    failWith: null,
    longPending: false,
    reverseAfterMs: null,
    duplicateWebhooks: 0,
    outOfOrderWebhooks: false,
    dropWebhooks: false,
    failNextRequests: 0,
    failAfterCreate: 0,
  };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The switches an admin's request body sets: known fields of the right type only, the rest
 * ignored. Waits are capped at a day, so a typo cannot park a payout for years.
 */
export function pickPayoutsControls(body: unknown): Partial<PayoutsSimulatorControls> {
  if (typeof body !== 'object' || body === null) return {};
  const input = body as Record<string, unknown>;
  const picked: Partial<PayoutsSimulatorControls> = {};
  const count = (value: unknown) =>
    Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;

  const balance = count(input['balancePaise']);
  if (balance !== undefined) picked.balancePaise = balance;
  const delay = count(input['delayMs']);
  if (delay !== undefined) picked.delayMs = Math.min(delay, DAY_MS);
  const failWith = input['failWith'];
  if (failWith === null || FORCED_FAILURES.some((code) => code === failWith)) {
    picked.failWith = failWith as ForcedFailure | null;
  }
  const reverseAfter = count(input['reverseAfterMs']);
  if (input['reverseAfterMs'] === null || reverseAfter !== undefined) {
    picked.reverseAfterMs = reverseAfter === undefined ? null : Math.min(reverseAfter, DAY_MS);
  }
  const duplicates = count(input['duplicateWebhooks']);
  if (duplicates !== undefined) picked.duplicateWebhooks = Math.min(duplicates, 100);
  const failNext = count(input['failNextRequests']);
  if (failNext !== undefined) picked.failNextRequests = failNext;
  const failAfterCreate = count(input['failAfterCreate']);
  if (failAfterCreate !== undefined) picked.failAfterCreate = failAfterCreate;
  for (const flag of ['longPending', 'outOfOrderWebhooks', 'dropWebhooks'] as const) {
    const value = input[flag];
    if (typeof value === 'boolean') picked[flag] = value;
  }
  return picked;
}
