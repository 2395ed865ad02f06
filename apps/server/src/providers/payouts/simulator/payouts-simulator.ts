import { createHmac, timingSafeEqual } from 'node:crypto';
import { rupeesDecimalText } from '@kholo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { clockFollower } from '../../simulator-clock.js';
import { registerSimulatorControls } from '../../simulator-controls.js';
import type { Transport } from '../../payments/cashfree-gateway.js';
import { CASHFREE_PAYOUT_API_VERSION } from '../cashfree-payouts.js';
import {
  defaultPayoutsSimulatorControls,
  type PayoutsSimulatorControls,
  pickPayoutsControls,
} from './payouts-simulator-controls.js';
import { simulatedHolder } from './simulated-bank.js';
import { SimulatorPayoutWebhooks, type WebhookLogger } from './simulator-payout-webhooks.js';
import { type SettledTransfer, SimulatorTransfers, transferEntity } from './simulator-transfers.js';
import { createSimulatorTransfersRepository } from './simulator-transfers-repository.js';

export { simulatedHolder } from './simulated-bank.js';
export {
  DEFAULT_DELAY_MS,
  DEFAULT_SIMULATED_BALANCE_PAISE,
  defaultPayoutsSimulatorControls,
  FORCED_FAILURES,
  type PayoutsSimulatorControls,
} from './payouts-simulator-controls.js';

/** Where the simulator answers; the Cashfree Payouts adapter is pointed here instead of Cashfree. */
export const PAYOUTS_SIMULATOR_BASE = '/__simulator/payouts';
/** The adapter's V1 base is PAYOUTS_SIMULATOR_BASE (V1 paths carry /payout/v1); this is its V2 base. */
export const PAYOUTS_SIMULATOR_V2_BASE = `${PAYOUTS_SIMULATOR_BASE}/v2`;

/** V1 tokens last six minutes, as Cashfree's do. */
const TOKEN_LIFETIME_S = 6 * 60;

export interface PayoutsSimulator {
  /**
   * The test switches, per process: tests set them on the simulator they run in-process, and a
   * switch changed over HTTP changes only the process that served the request.
   */
  controls: PayoutsSimulatorControls;
  /** The key it signs webhooks with (the Payouts client secret it accepts). */
  readonly secret: string;
  /**
   * Does what is due by the clock's now: records the bank's answers (and reversals) and sends
   * their webhooks, then due retries and held-back webhooks. Tests on a FakeClock move it and
   * call this; on the system clock a timer does (`followClockEveryMs`). Calls run one after
   * another, never at once.
   */
  runDue(): Promise<{ transfersSettled: number; webhooksSent: number }>;
  /** Registers /__simulator/payouts/* on the app. */
  register(app: FastifyInstance): void;
  close(): void;
}

/**
 * Cashfree Payouts' HTTP contract, served by our own server, so the real adapter code path
 * runs with no keys: V1 authorize, UPI validation and balance; V2 create and get transfer; and
 * the bank behind them, which answers each transfer after `controls.delayMs` and tells our
 * webhook route. Never started in production.
 */
export function createPayoutsSimulator(options: {
  /** Where the transfers live, shared by every process. */
  db: Kysely<Database>;
  clientId: string;
  clientSecret: string;
  now: () => number;
  /** How webhooks reach `webhookPath`. */
  transport: Transport;
  webhookPath: string;
  logger: WebhookLogger;
  /** Throws unless the request may change the test switches. */
  authorizeControls: (request: FastifyRequest) => Promise<unknown>;
  /**
   * Calls runDue() this often on a real timer, from when the app it is registered on is ready;
   * 0 leaves it to whoever moves the clock (tests).
   */
  followClockEveryMs?: number;
  /** How long the bank takes to answer a transfer until a switch says otherwise (PAYOUTS_SIMULATOR_DELAY_MS). */
  delayMs?: number;
}): PayoutsSimulator {
  const startingControls = () => ({
    ...defaultPayoutsSimulatorControls(),
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
  });
  let controls = startingControls();
  const transfers = new SimulatorTransfers(createSimulatorTransfersRepository(options.db), options.now);
  const webhooks = new SimulatorPayoutWebhooks({
    url: options.webhookPath,
    secret: options.clientSecret,
    transport: options.transport,
    now: options.now,
    controls: () => controls,
    logger: options.logger,
  });

  async function announce(settled: SettledTransfer): Promise<number> {
    let sent = 0;
    for (const change of settled.changes) sent += await webhooks.transferChanged(change);
    return sent;
  }

  let lastRun: Promise<unknown> = Promise.resolve();
  let closed = false;
  function runDue(): Promise<{ transfersSettled: number; webhooksSent: number }> {
    const run = lastRun.then(async () => {
      if (closed) return { transfersSettled: 0, webhooksSent: 0 };
      const settled = await transfers.settleDue(controls.longPending);
      let webhooksSent = 0;
      for (const one of settled) webhooksSent += await announce(one);
      webhooksSent += await webhooks.runDue();
      return { transfersSettled: settled.length, webhooksSent };
    });
    lastRun = run.catch(() => undefined);
    return run;
  }
  function runDueInBackground(): void {
    runDue().catch((error: unknown) => {
      if (!closed) options.logger.warn({ err: error }, 'payouts simulator: due work failed; retrying on the next tick');
    });
  }
  const followClock = clockFollower(options.followClockEveryMs ?? 0, runDueInBackground);

  /** Cashfree's stateless V1 token: its expiry, signed, so any process accepts what another issued. */
  function tokenFor(expiry: number): string {
    const mac = createHmac('sha256', options.clientSecret).update(`payouts token ${String(expiry)}`);
    return `${String(expiry)}.${mac.digest('base64url')}`;
  }
  function validToken(header: string | undefined): boolean {
    const token = header?.startsWith('Bearer ') === true ? header.slice(7) : '';
    const expiry = Number(token.split('.')[0]);
    return Number.isSafeInteger(expiry) && sameText(token, tokenFor(expiry)) && expiry * 1000 > options.now();
  }

  const v1Error = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ status: 'ERROR', subCode: String(status), message });
  const v2Error = (reply: FastifyReply, status: number, type: string, code: string, message: string) =>
    reply.code(status).send({ type, code, message });

  function register(app: FastifyInstance): void {
    followClock.waitFor(app);
    app.register(async (sim) => {
      // Cashfree's keys and version on V2, then the outage switch on every API call.
      sim.addHook('preHandler', async (request, reply) => {
        // The matched route, not the raw URL: an encoded path routes to the same handlers.
        const route = request.routeOptions.url ?? '';
        const isV2 = route.startsWith(`${PAYOUTS_SIMULATOR_V2_BASE}/`);
        if (!isV2 && !route.startsWith(`${PAYOUTS_SIMULATOR_BASE}/payout/`)) return undefined;
        if (isV2) {
          reply.header('x-request-id', request.headers['x-request-id'] ?? request.id);
          if (
            !sameText(request.headers['x-client-id'], options.clientId) ||
            !sameText(request.headers['x-client-secret'], options.clientSecret)
          ) {
            return v2Error(reply, 401, 'authentication_error', 'authentication_failed', 'authentication Failed');
          }
          if (request.headers['x-api-version'] !== CASHFREE_PAYOUT_API_VERSION) {
            return v2Error(
              reply,
              400,
              'invalid_request_error',
              'version_invalid',
              'x-api-version is missing or unknown',
            );
          }
        }
        if (controls.failNextRequests > 0) {
          controls.failNextRequests -= 1;
          return isV2
            ? v2Error(reply, 503, 'api_error', 'service_unavailable', 'simulated outage')
            : v1Error(reply, 503, 'simulated outage');
        }
        return undefined;
      });

      sim.post(`${PAYOUTS_SIMULATOR_BASE}/payout/v1/authorize`, async (request, reply) => {
        if (
          !sameText(request.headers['x-client-id'], options.clientId) ||
          !sameText(request.headers['x-client-secret'], options.clientSecret)
        ) {
          return v1Error(reply, 403, 'Invalid clientId and clientSecret combination');
        }
        const expiry = Math.floor(options.now() / 1000) + TOKEN_LIFETIME_S;
        return {
          status: 'SUCCESS',
          subCode: '200',
          message: 'Token generated',
          data: { token: tokenFor(expiry), expiry },
        };
      });

      sim.get<{ Querystring: { vpa?: string } }>(
        `${PAYOUTS_SIMULATOR_BASE}/payout/v1/validation/upiDetails`,
        async (request, reply) => {
          if (!validToken(request.headers.authorization)) return v1Error(reply, 403, 'Token is not valid');
          const holder = simulatedHolder(request.query.vpa ?? '');
          if (holder.kind === 'invalid') return v1Error(reply, 422, 'Invalid VPA');
          return {
            status: 'SUCCESS',
            subCode: '200',
            message: 'VPA verification successful',
            data:
              holder.kind === 'found'
                ? { nameAtBank: holder.nameAtBank, accountExists: 'YES' }
                : { nameAtBank: '', accountExists: 'NO' },
          };
        },
      );

      sim.get(`${PAYOUTS_SIMULATOR_BASE}/payout/v1/getBalance`, async (request, reply) => {
        if (!validToken(request.headers.authorization)) return v1Error(reply, 403, 'Token is not valid');
        const { balancePaise, availablePaise } = await transfers.balance(controls.balancePaise, controls.longPending);
        return {
          status: 'SUCCESS',
          subCode: '200',
          message: 'Ledger balance for the account',
          data: { balance: rupeesDecimalText(balancePaise), availableBalance: rupeesDecimalText(availablePaise) },
        };
      });

      sim.post(`${PAYOUTS_SIMULATOR_V2_BASE}/transfers`, async (request, reply) => {
        const created = await transfers.create(request.body, controls);
        if ('error' in created) {
          const { status, code, message } = created.error;
          return v2Error(reply, status, 'invalid_request_error', code, message);
        }
        // With no wait on a real clock, the bank answers at once rather than on the next tick.
        if (followClock.enabled && controls.delayMs === 0) setImmediate(runDueInBackground);
        if (controls.failAfterCreate > 0) {
          controls.failAfterCreate -= 1;
          return v2Error(
            reply,
            500,
            'api_error',
            'internal_server_error',
            'simulated failure after the transfer was recorded',
          );
        }
        return transferEntity(created);
      });

      sim.get<{ Querystring: { transfer_id?: string } }>(
        `${PAYOUTS_SIMULATOR_V2_BASE}/transfers`,
        async (request, reply) => {
          const transferId = request.query.transfer_id;
          if (transferId === undefined || transferId === '') {
            return v2Error(reply, 400, 'invalid_request_error', 'transfer_id_missing', 'transfer_id is required');
          }
          const settled = await transfers.settle(transferId, controls.longPending);
          if (settled === undefined) {
            return v2Error(reply, 404, 'invalid_request_error', 'transfer_not_found', 'Transfer Id does not exist');
          }
          // Whoever records a change sends its webhook; the poll waits for it, as Cashfree's
          // webhook and status may arrive in either order.
          await announce(settled);
          return transferEntity(settled.transfer);
        },
      );

      registerSimulatorControls(sim, {
        base: PAYOUTS_SIMULATOR_BASE,
        authorize: options.authorizeControls,
        current: () => controls,
        change: (body) => {
          controls = { ...controls, ...pickPayoutsControls(body) };
          return controls;
        },
        reset: () => {
          controls = startingControls();
          return controls;
        },
        runDue,
      });
    });
  }

  return {
    get controls() {
      return controls;
    },
    set controls(next: PayoutsSimulatorControls) {
      controls = next;
    },
    secret: options.clientSecret,
    runDue,
    register,
    close: () => {
      closed = true;
      followClock.stop();
      webhooks.close();
    },
  };
}

/**
 * The payouts simulator's client secret, which also signs its webhooks: derived from the auth
 * secret so it is not guessable, the same in every process, and not the PG simulator's (Cashfree
 * signs payouts webhooks with the Payouts secret, audit B.6).
 */
export function payoutsSimulatorSecretFor(authSecret: string): string {
  return createHmac('sha256', authSecret).update('kholo payouts simulator').digest('base64url');
}

/** Constant-time comparison of a header with the expected secret. */
function sameText(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
