import { randomInt } from 'node:crypto';
import { paiseToRupees, rupeesToPaise } from '@kholo/contracts';
import { z } from 'zod';
import type { PayoutsSimulatorControls } from './payouts-simulator-controls.js';
import { simulatedHolder } from './simulated-bank.js';
import type { SimulatorTransferRow, SimulatorTransfersRepository } from './simulator-transfers-repository.js';

/** Cashfree's transfer statuses (audit B.4) that the simulator produces. */
export const SIM_TRANSFER_STATUSES = ['RECEIVED', 'PENDING', 'SUCCESS', 'FAILED', 'REJECTED', 'REVERSED'] as const;
export type SimTransferStatus = (typeof SIM_TRANSFER_STATUSES)[number];

/** What the simulated bank will answer, fixed at creation. */
export type SimOutcome = { status: 'SUCCESS'; utr: string } | { status: 'FAILED' | 'REJECTED'; code: string };

/**
 * A transfer as the simulator keeps it. It lives in the database only so that every process sees
 * it; it stands in for Cashfree's own books.
 */
export interface SimTransfer {
  transferId: string;
  cfTransferId: string;
  amountPaise: number;
  vpa: string;
  beneficiaryName: string;
  remarks: string | null;
  status: SimTransferStatus;
  statusCode: string;
  statusDescription: string;
  /** The bank's reference, once SUCCESS. */
  utr: string | null;
  /**
   * Decided when the transfer is created, from that process's switches, so it settles the same
   * whichever process settles it.
   */
  outcome: SimOutcome;
  /** How long after SUCCESS the money comes back; null: it stays. */
  reverseAfterMs: number | null;
  /** Created while longPending was on: stays PENDING while the settling process has it on. */
  heldPending: boolean;
  addedOn: number;
  updatedOn: number;
  /** When the bank next has something to say; null when nothing more will happen. */
  dueAt: number | null;
}

export interface CreateProblem {
  status: 400 | 409;
  code: string;
  message: string;
}

/** A transfer after its due changes, and each change as it happened (one webhook each). */
export interface SettledTransfer {
  transfer: SimTransfer;
  changes: SimTransfer[];
}

/** Transfers one runDue settles at most; the rest wait for the next. */
const SETTLE_BATCH = 500;

const TRANSFER_ID_PATTERN = /^[A-Za-z0-9_]{1,40}$/;
const TRANSFER_MODES = new Set(['banktransfer', 'imps', 'neft', 'rtgs', 'upi', 'paytm', 'amazonpay', 'card']);
/** Cashfree's VPA rule (audit B.3): letters, digits, `.`, `_`, `-` (only before the @), one @. */
const VPA_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9._]+$/;
const NAME_PATTERN = /^[A-Za-z ]{1,100}$/;
const REMARKS_PATTERN = /^[A-Za-z0-9 ]{0,70}$/;

const DESCRIPTIONS: Record<string, string> = {
  RECEIVED:
    'The transfer has been received by Cashfree successfully for further processing. You should use Check Status API response or Webhooks to know the terminal state of the transfer request.',
  PENDING: 'The transfer is pending at the beneficiary bank (simulated)',
  COMPLETED: 'The transfer has been credited to the beneficiary account (simulated)',
  INVALID_BENE_VPA: 'The beneficiary UPI ID is invalid or has no account (simulated)',
  BENEFICIARY_BANK_OFFLINE: 'The beneficiary bank is offline (simulated)',
  INSUFFICIENT_BALANCE: 'The payout account does not have enough available balance (simulated)',
  REJECTED: 'The transfer was rejected by risk checks (simulated)',
  REVERSED: 'The beneficiary bank returned the money (simulated)',
};

/**
 * The payouts simulator's transfers, in the database (table simulator_payout_transfers) so that
 * the transfer one process creates is the one another settles or reports. A row holds the
 * transfer as JSON plus a version: a write succeeds only over the version it read, so two
 * processes settling the same transfer record it once, and only the writer sends its webhook.
 *
 * Rows are never pruned: the account's balance is the sum of every transfer ever paid, and a
 * development or staging system makes one per withdrawal, which stays small.
 */
export class SimulatorTransfers {
  constructor(
    private readonly transfers: SimulatorTransfersRepository,
    private readonly now: () => number,
  ) {}

  /** Validates as Cashfree does (audit B.3); returns the problem, or the new transfer. */
  async create(body: unknown, controls: PayoutsSimulatorControls): Promise<{ error: CreateProblem } | SimTransfer> {
    const problem = (field: string, reason: string) => ({
      error: { status: 400 as const, code: `${field}_invalid`, message: `${field} : ${reason}` },
    });
    if (typeof body !== 'object' || body === null) return problem('body', 'must be a JSON object');
    const input = body as Record<string, unknown>;
    const transferId = input['transfer_id'];
    if (typeof transferId !== 'string' || !TRANSFER_ID_PATTERN.test(transferId)) {
      return problem('transfer_id', 'at most 40 letters, digits and underscores');
    }
    const amountPaise = typeof input['transfer_amount'] === 'number' ? rupeesToPaise(input['transfer_amount']) : null;
    if (amountPaise === null || amountPaise < 100) {
      return problem('transfer_amount', 'must be at least 1.00, with at most 2 decimals');
    }
    const currency = input['transfer_currency'] ?? 'INR';
    if (currency !== 'INR') return problem('transfer_currency', 'must be INR');
    const mode = input['transfer_mode'] ?? 'banktransfer';
    if (typeof mode !== 'string' || !TRANSFER_MODES.has(mode)) return problem('transfer_mode', 'unknown mode');
    if (mode !== 'upi') return problem('transfer_mode', 'the simulator pays to UPI IDs only');
    const beneficiary = input['beneficiary_details'];
    if (typeof beneficiary !== 'object' || beneficiary === null) return problem('beneficiary_details', 'missing');
    const { beneficiary_name: name, beneficiary_instrument_details: instrument } = beneficiary as Record<
      string,
      unknown
    >;
    if (typeof name !== 'string' || !NAME_PATTERN.test(name) || name.trim() === '') {
      return problem('beneficiary_name', 'at most 100 letters and spaces');
    }
    const vpa = typeof instrument === 'object' && instrument !== null ? (instrument as { vpa?: unknown }).vpa : null;
    if (typeof vpa !== 'string' || vpa.length > 100 || !VPA_PATTERN.test(vpa)) {
      return problem('vpa', 'required for upi: letters, digits, . _ and - before the @');
    }
    const remarks = input['transfer_remarks'];
    if (remarks !== undefined && (typeof remarks !== 'string' || !REMARKS_PATTERN.test(remarks))) {
      return problem('transfer_remarks', 'at most 70 letters, digits and spaces');
    }

    const now = this.now();
    // Two creates at once may both see the same money available; the simulator lets them.
    const { availablePaise } = await this.balance(controls.balancePaise, controls.longPending);
    const outcome = decideOutcome(vpa, amountPaise, availablePaise, controls);
    const status = controls.longPending ? 'PENDING' : 'RECEIVED';
    const transfer: SimTransfer = {
      transferId,
      cfTransferId: String(randomInt(100_000_000, 999_999_999)),
      amountPaise,
      vpa,
      beneficiaryName: name,
      remarks: typeof remarks === 'string' ? remarks : null,
      status,
      statusCode: status,
      statusDescription: DESCRIPTIONS[status] ?? status,
      utr: null,
      outcome,
      reverseAfterMs: controls.reverseAfterMs,
      heldPending: controls.longPending,
      addedOn: now,
      updatedOn: now,
      dueAt: now + controls.delayMs,
    };
    const inserted = await this.transfers.insert({
      transferId,
      state: stateText(transfer),
      version: 0,
      dueAt: transfer.dueAt,
      createdAt: now,
    });
    if (!inserted) {
      return {
        error: { status: 409, code: 'transfer_id_already_exists', message: 'Transfer Id already exists' },
      };
    }
    return transfer;
  }

  /**
   * The transfer as Cashfree would report it now, with whatever was due by now recorded first
   * (a poll sees what is due). `changes` are what this call recorded: their webhooks are due.
   */
  async settle(transferId: string, holdPending: boolean): Promise<SettledTransfer | undefined> {
    // A lost race means someone else wrote the row: read it again, it may have nothing due.
    for (;;) {
      const row = await this.transfers.findById(transferId);
      if (row === undefined) return undefined;
      const stored = transferFrom(row);
      const settled = transferAt(stored, this.now(), holdPending);
      if (settled.changes.length === 0) return settled;
      const { transfer } = settled;
      if (await this.transfers.updateIfVersion(transferId, row.version, stateText(transfer), transfer.dueAt)) {
        return settled;
      }
    }
  }

  /** Records every change due by now, each once across all processes, and returns them. */
  async settleDue(holdPending: boolean): Promise<SettledTransfer[]> {
    const settled: SettledTransfer[] = [];
    for (const { transferId } of await this.transfers.findDue(this.now(), SETTLE_BATCH, {
      skipHeld: holdPending,
    })) {
      const one = await this.settle(transferId, holdPending);
      if (one !== undefined && one.changes.length > 0) settled.push(one);
    }
    return settled;
  }

  /**
   * The account as Cashfree's getBalance reports it: the ledger balance is what was put in less
   * what has been paid out (SUCCESS); the available balance also leaves out what transfers in
   * flight have promised (audit B.5). FAILED, REJECTED and REVERSED transfers give it back.
   */
  async balance(totalPaise: number, holdPending: boolean): Promise<{ balancePaise: number; availablePaise: number }> {
    const now = this.now();
    let paidPaise = 0;
    let promisedPaise = 0;
    for (const row of await this.transfers.listStates()) {
      const { transfer } = transferAt(transferFrom(row), now, holdPending);
      if (transfer.status === 'SUCCESS') paidPaise += transfer.amountPaise;
      // One that will fail for want of money never had any put aside.
      const unfunded = transfer.outcome.status === 'FAILED' && transfer.outcome.code === 'INSUFFICIENT_BALANCE';
      if ((transfer.status === 'RECEIVED' || transfer.status === 'PENDING') && !unfunded) {
        promisedPaise += transfer.amountPaise;
      }
    }
    const balancePaise = totalPaise - paidPaise;
    return { balancePaise, availablePaise: balancePaise - promisedPaise };
  }
}

/**
 * The bank's answer for a new transfer: a forced failure first, then the test VPA `reject@…`
 * (Cashfree's REJECTED), then the payee's bank (no such account), then the money available.
 */
function decideOutcome(
  vpa: string,
  amountPaise: number,
  availablePaise: number,
  controls: PayoutsSimulatorControls,
): SimOutcome {
  if (controls.failWith !== null) return { status: 'FAILED', code: controls.failWith };
  if (vpa.toLowerCase().startsWith('reject@')) return { status: 'REJECTED', code: 'REJECTED' };
  if (simulatedHolder(vpa).kind !== 'found') return { status: 'FAILED', code: 'INVALID_BENE_VPA' };
  if (amountPaise > availablePaise) return { status: 'FAILED', code: 'INSUFFICIENT_BALANCE' };
  return { status: 'SUCCESS', utr: String(randomInt(100_000_000_000, 999_999_999_999)) };
}

/**
 * The transfer at `now`: each step due by then taken in turn (the bank's answer, then a
 * reversal), each step a change of its own. A transfer held by longPending waits while
 * `holdPending`; once released it is answered at `now`, not at its old due time.
 */
export function transferAt(stored: SimTransfer, now: number, holdPending: boolean): SettledTransfer {
  let transfer = stored;
  const changes: SimTransfer[] = [];
  while (transfer.dueAt !== null && transfer.dueAt <= now) {
    if (transfer.status === 'RECEIVED' || transfer.status === 'PENDING') {
      if (transfer.heldPending && holdPending) break;
      const at = transfer.heldPending ? now : transfer.dueAt;
      const { outcome } = transfer;
      const answered = { ...transfer, heldPending: false, updatedOn: at };
      transfer =
        outcome.status === 'SUCCESS'
          ? {
              ...answered,
              status: 'SUCCESS',
              statusCode: 'COMPLETED',
              statusDescription: DESCRIPTIONS['COMPLETED'] ?? 'COMPLETED',
              utr: outcome.utr,
              dueAt: transfer.reverseAfterMs === null ? null : at + transfer.reverseAfterMs,
            }
          : {
              ...answered,
              status: outcome.status,
              statusCode: outcome.code,
              statusDescription: DESCRIPTIONS[outcome.code] ?? outcome.code,
              dueAt: null,
            };
    } else if (transfer.status === 'SUCCESS') {
      transfer = {
        ...transfer,
        status: 'REVERSED',
        statusCode: 'REVERSED',
        statusDescription: DESCRIPTIONS['REVERSED'] ?? 'REVERSED',
        updatedOn: transfer.dueAt,
        dueAt: null,
      };
    } else {
      break;
    }
    changes.push(transfer);
  }
  return { transfer, changes };
}

/** Cashfree's transfer entity (audit B.3, B.4). */
export function transferEntity(transfer: SimTransfer) {
  return {
    transfer_id: transfer.transferId,
    cf_transfer_id: transfer.cfTransferId,
    status: transfer.status,
    status_code: transfer.statusCode,
    status_description: transfer.statusDescription,
    beneficiary_details: {
      beneficiary_id: null,
      beneficiary_name: transfer.beneficiaryName,
      beneficiary_instrument_details: { vpa: transfer.vpa },
    },
    transfer_amount: paiseToRupees(transfer.amountPaise),
    transfer_service_charge: 0,
    transfer_service_tax: 0,
    transfer_mode: 'UPI',
    transfer_utr: transfer.utr,
    fundsource_id: 'CASHFREE_1',
    added_on: utcTimestamp(transfer.addedOn),
    updated_on: utcTimestamp(transfer.updatedOn),
  };
}

/** As in Cashfree's samples: 2021-11-24T13:39:25Z. */
export function utcTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** What a row's `state` holds: the transfer minus the fields that have columns of their own. */
const storedStateSchema = z.object({
  cfTransferId: z.string(),
  amountPaise: z.number().int(),
  vpa: z.string(),
  beneficiaryName: z.string(),
  remarks: z.string().nullable(),
  status: z.enum(SIM_TRANSFER_STATUSES),
  statusCode: z.string(),
  statusDescription: z.string(),
  utr: z.string().nullable(),
  outcome: z.union([
    z.object({ status: z.literal('SUCCESS'), utr: z.string() }),
    z.object({ status: z.enum(['FAILED', 'REJECTED']), code: z.string() }),
  ]),
  reverseAfterMs: z.number().nullable(),
  heldPending: z.boolean(),
  updatedOn: z.number(),
});

function transferFrom(row: SimulatorTransferRow): SimTransfer {
  const state = storedStateSchema.parse(JSON.parse(row.state));
  return { ...state, transferId: row.transferId, addedOn: row.createdAt, dueAt: row.dueAt };
}

function stateText(transfer: SimTransfer): string {
  const { transferId: _transferId, addedOn: _addedOn, dueAt: _dueAt, ...state } = transfer;
  return JSON.stringify(state satisfies z.infer<typeof storedStateSchema>);
}
