import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@kholo/contracts';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import {
  accountsRoutes,
  type AccountsRepository,
  type Auth,
  clearedSessionCookies,
  createAccountsRepository,
  createAccountsService,
  createAuth,
  createAuthLimits,
  createAuthService,
  createCheckoutCookies,
  createEmailCodes,
  createSessions,
  requireAdmin,
  resolveAuthSecret,
} from './features/accounts/index.js';
import {
  adminRoutes,
  createAdminRepository,
  createAdminService,
  createJobsAdminService,
  createModerationService,
  createPolicyReminders,
  createPolicyRemindersRepository,
  type PolicyReminders,
  policyRemindersRoutes,
} from './features/admin/index.js';
import { createAuditRepository } from './features/audit/index.js';
import { createEmailQueue, outboxControlRoutes } from './features/email/index.js';
import {
  createJobs,
  createPgBossJobStore,
  createSchedules,
  createSqliteJobStore,
  type JobStore,
  type Jobs,
} from './features/jobs/index.js';
import { contactRoutes, createContactRepository, createContactService } from './features/contact/index.js';
import {
  contentRoutes,
  resumableUploadRoutes,
  createContentRepository,
  createCreatorPageItems,
  createContentSales,
  createContentService,
  createVideoConversions,
} from './features/content/index.js';
import {
  createCreatorPageRepository,
  createCreatorPages,
  createCreatorsRepository,
  createCreatorsService,
  creatorsRoutes,
} from './features/creators/index.js';
import { healthRoutes } from './features/health/index.js';
import { createLedger, createWalletAdjustments, type LedgerInvariantReport } from './features/ledger/index.js';
import {
  createMediaProcessor,
  createStorageJournal,
  createStoragePendingRepository,
  createStorageSweep,
  createResumableUploads,
  createUploadAllowance,
  RESUMABLE_UPLOADS_DIR,
  detectVideoTools,
  type StorageSweep,
  type VideoTools,
} from './features/media/index.js';
import {
  createOrdersRepository,
  createPaymentsService,
  createSaleNotifications,
  createSaleNotificationsRepository,
  createSettlement,
  payableOrder,
  type PaymentsService,
  paymentsRoutes,
} from './features/payments/index.js';
import {
  createDisputes,
  createDisputesRepository,
  createRefundEngine,
  createRefundsRepository,
  createRefundsService,
  createRefundTransfers,
  refundsRoutes,
} from './features/refunds/index.js';
import { createTakedownQueue, createTicketsRepository, safetyRoutes } from './features/safety/index.js';
import {
  createEmailLists,
  createExpiryReminders,
  createRemindersRepository,
  createUnsubscribeTokens,
  type ExpiryReminders,
  remindersRoutes,
} from './features/reminders/index.js';
import {
  createShareCards,
  createShareMeta,
  renderShareMeta,
  SHARE_CARD_MAX_AGE_MS,
  SHARE_CARD_PREFIX,
  shareCardRoutes,
} from './features/share-previews/index.js';
import { createYourDataRepository, createYourDataService, yourDataRoutes } from './features/your-data/index.js';
import {
  type AnalyticsService,
  analyticsRoutes,
  createAnalyticsRepository,
  createAnalyticsService,
  createVisitCounter,
} from './features/analytics/index.js';
import {
  createPayoutAccountService,
  createPayoutAccountsRepository,
  createPayoutEventsRepository,
  createPayoutsOverview,
  createPayoutTransfers,
  createWithdrawalsRepository,
  createWithdrawalsService,
  PAYOUT_WEBHOOK_PATH,
  withdrawalsRoutes,
} from './features/withdrawals/index.js';
import { AppError } from './lib/app-error.js';
import { type Clock, systemClock } from './lib/clock.js';
import { clientKey } from './lib/rate-limits/client-key.js';
import { createRateLimitStore } from './lib/rate-limits/create-rate-limit-store.js';
import type { RateLimitStore } from './lib/rate-limits/rate-limit-store.js';
import { routeRateLimitStore } from './lib/rate-limits/route-rate-limit-store.js';
import { leasesOn } from './lib/leases.js';
import { transactionsOn } from './lib/transactions.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { type PublicWebConfig, staticWebPlugin } from './plugins/static-web.js';
import { createServerPages, loadWebRenderer, type WebRenderer } from './features/pages/index.js';
import { createMailer } from './providers/mail/create-mailer.js';
import type { Mailer } from './providers/mail/mailer.js';
import { createLocalStorage } from './providers/storage/local-storage.js';
import { s3PublicOrigin } from './providers/storage/s3-origin.js';
import type { Storage } from './providers/storage/storage.js';
import { CASHFREE_BASE_URLS, createCashfreeGateway } from './providers/payments/cashfree-gateway.js';
import { selfTransport } from './providers/payments/self-transport.js';
import {
  createPaymentSimulator,
  type PaymentSimulator,
  SIMULATOR_PG_BASE,
  simulatorSecretFor,
} from './providers/payments/simulator/payment-simulator.js';
import {
  CASHFREE_PAYOUT_V1_BASE_URLS,
  CASHFREE_PAYOUT_V2_BASE_URLS,
  createCashfreePayouts,
} from './providers/payouts/cashfree-payouts.js';
import type { PayoutGateway } from './providers/payouts/payout-gateway.js';
import {
  createPayoutsSimulator,
  PAYOUTS_SIMULATOR_BASE,
  PAYOUTS_SIMULATOR_V2_BASE,
  type PayoutsSimulator,
  payoutsSimulatorSecretFor,
} from './providers/payouts/simulator/payouts-simulator.js';

/** Everything stateful the app uses, made by the caller so tests can pass their own. */
export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  /** Defaults to SMTP_URL's server, or the outbox folder without one. */
  mailer?: Mailer;
  /** Defaults to files under DATA_DIR/storage. */
  storage?: Storage;
  /** Defaults to Debian's ffmpeg when installed; null makes generated video posters. */
  videoTools?: VideoTools | null;
  /** Provider call timing, and how long a double click waits for its order; tests shorten them. */
  paymentTiming?: { timeoutMs: number; retryDelaysMs: number[]; orderLeaseWaitMs?: number };
  /** False: jobs are queued but run only when the caller says (app.jobs.runDue(), in tests). */
  runJobs?: boolean;
  /** Defaults to the web's server entry built beside WEB_DIST_DIR; tests pass the web's sources. */
  webRenderer?: WebRenderer | null;
}

/**
 * The app with its routes, and the parts start-up.ts needs for the jobs it runs before the app
 * serves and the ones it keeps running (built here once, with everything else).
 */
export interface BuiltApp {
  app: FastifyInstance;
  startUp: {
    auth: Auth;
    accounts: AccountsRepository;
    storageSweep: StorageSweep;
    payments: PaymentsService;
    stagingDir: string;
    jobs: Jobs;
    reminders: ExpiryReminders;
    analytics: AnalyticsService;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Handles for tests and scripts: the reconciler pass, the simulator, the ledger check. */
    payments: {
      service: PaymentsService;
      simulator: PaymentSimulator | null;
      checkLedger(): Promise<LedgerInvariantReport>;
    };
    /** The background work queue, for tests and scripts (runDue). */
    jobs: Jobs;
    /** The expiry reminders' pass, for tests and scripts (two passes at once). */
    reminders: ExpiryReminders;
    /** The rules' periodic reminder (issue 24 §6), for tests that run a batch again. */
    policyReminders: PolicyReminders;
    /** The payouts provider and its simulator (null with Cashfree's keys), for tests and scripts. */
    payouts: { simulator: PayoutsSimulator | null; gateway: PayoutGateway | null; mode: 'auto' | 'manual' };
  }
}

const PAYMENT_WEBHOOK_PATH = '/api/payment/webhook';
/** How often counted visits are written: at most this much is lost if the process dies. */
const VISIT_FLUSH_INTERVAL_MS = 5000;
const SIMULATOR_CLIENT_ID = 'kholo-simulator';
const PAYOUTS_SIMULATOR_CLIENT_ID = 'kholo-payouts-simulator';

/** JSON bodies are small (forms); file uploads get their own multipart limits. */
const JSON_BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The explicit list of plugins and features, wired in one style: providers first, then every
 * repository once, then the services (each receives the repositories, providers and clock it
 * uses), then the routes (each receives only the services it calls). Start-up jobs (the admin
 * account, sweeps, the reconciler) are start-up.ts's. Without a logger (tests) the app logs
 * nothing; server.ts passes the process's pino logger.
 */
export async function buildApp(deps: AppDependencies, logger?: FastifyBaseLogger): Promise<BuiltApp> {
  const { config } = deps;
  const { app, rateLimits } = await createServer(deps, logger);

  const { db } = deps.database;
  const clock = deps.clock;
  const transaction = transactionsOn(db);
  // Every feature's background work goes through one queue, started by start-up.ts.
  const jobs = createJobs({
    store: await createJobStore(deps, app.log),
    db,
    schedules: createSchedules(db),
    transaction,
    clock,
    logger: app.log,
    pollIntervalMs: config.jobs.pollIntervalMs,
    concurrency: config.jobs.concurrency,
  });
  app.decorate('jobs', jobs);
  const { mailer, outbox } =
    deps.mailer === undefined ? createMailer(config, app.log) : { mailer: deps.mailer, outbox: null };
  const mail = createEmailQueue({ jobs, mailer, clock, db });
  app.addHook('onClose', () => mailer.close());

  const authSecret = resolveAuthSecret(config.auth.secret, config.dataDir);
  const storage = deps.storage ?? (await defaultStorage(app, config));
  const stagingDir = path.join(config.dataDir, 'staging');
  const videoTools =
    deps.videoTools !== undefined
      ? deps.videoTools
      : config.media.ffmpeg === null
        ? null
        : await detectVideoTools(config.media.ffmpeg);
  if (videoTools === null) {
    app.log.info('ffmpeg not found: videos get a generated poster instead of a frame, and MOV uploads are refused');
  }
  const mediaProcessor = createMediaProcessor({ videoTools, concurrency: config.media.processingConcurrency });

  // Every repository once. Services that change several in one transaction get `transaction`.
  const repositories = {
    accounts: createAccountsRepository(db),
    creators: createCreatorsRepository(db),
    // A deleted item keeps its files while an order for it may still be paid (payments' rule).
    contents: createContentRepository(db, { payableOrder: payableOrder(config.payments.latePaymentGraceMs) }),
    storagePending: createStoragePendingRepository(db),
    contacts: createContactRepository(db),
    admin: createAdminRepository(db),
    audit: createAuditRepository(db),
    orders: createOrdersRepository(db),
    contentSales: createContentSales(db),
    withdrawals: createWithdrawalsRepository(db),
    payoutAccounts: createPayoutAccountsRepository(db),
    payoutEvents: createPayoutEventsRepository(db),
    refunds: createRefundsRepository(db),
    disputes: createDisputesRepository(db),
    ledger: createLedger(db),
    reminders: createRemindersRepository(db),
    yourData: createYourDataRepository(db),
    analytics: createAnalyticsRepository(db),
  };

  // Visits are counted in memory and written in batches (ADR 028); what waits is written before the
  // server stops (preClose: the database is still open).
  const visitCounter = createVisitCounter({
    repository: repositories.analytics,
    now: () => clock.now(),
    secret: authSecret,
    ownHost: new URL(config.publicUrl).hostname,
    // On a test's FakeClock the Analytics read (or the test) writes them.
    flushEveryMs: clock === systemClock ? VISIT_FLUSH_INTERVAL_MS : 0,
    logger: app.log,
  });
  app.addHook('preClose', () => visitCounter.close());
  const analytics = createAnalyticsService({
    repository: repositories.analytics,
    counter: visitCounter,
    now: () => clock.now(),
  });

  // Stored keys go through a journal, so a crash at any moment orphans no file (storage-sweep.ts).
  const journal = createStorageJournal({ pending: repositories.storagePending, storage, clock });
  const storageSweep = createStorageSweep({
    journal,
    pending: repositories.storagePending,
    contents: repositories.contents,
    clock,
    logger: app.log,
    caches: { storage, folders: [{ prefix: SHARE_CARD_PREFIX, maxAgeMs: SHARE_CARD_MAX_AGE_MS }] },
  });
  const creators = createCreatorsService({
    creators: repositories.creators,
    storage,
    journal,
    clock,
    media: mediaProcessor,
    handleCoolingOffMs: config.handleCoolingOffMs,
  });
  // Phone videos (MOV, HEVC) become MP4 H.264 in a background job before they go on sale (ADR 010).
  const conversions = createVideoConversions({
    jobs,
    contents: repositories.contents,
    storage,
    journal,
    media: mediaProcessor,
    videoTools,
    stagingDir,
    clock,
    logger: app.log,
  });
  const content = createContentService({
    contents: repositories.contents,
    storage,
    journal,
    clock,
    media: mediaProcessor,
    conversions,
    maxPricePaise: config.media.maxPricePaise,
    // The takedown queue is made further down, with moderation; only called once a request runs.
    takedowns: (items) => takedownQueue.studioTakedowns(items),
  });
  // The public creator page: her shared part kept per version, the viewer's part live (ADR 026).
  const creatorPages = createCreatorPages({
    pages: createCreatorPageRepository(db),
    refuseGivenUpHandle: (handle) => creators.refuseGivenUpHandle(handle),
    items: createCreatorPageItems({ contents: repositories.contents }),
    clock,
  });
  const accounts = createAccountsService({
    accounts: repositories.accounts,
    creatorProfiles: creators,
    transaction,
    clock,
    adminEmail: config.auth.adminEmail,
  });
  const authLimits = createAuthLimits(rateLimits, clock, config.limits);
  const auth = createAuth({
    database: deps.database,
    secret: authSecret,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    accounts,
    accountsRepository: repositories.accounts,
    limits: authLimits,
    mail,
    logger: app.log,
    clock,
  });
  const sessions = createSessions(auth, accounts, repositories.accounts);
  const authService = createAuthService({
    auth,
    accounts,
    accountsRepository: repositories.accounts,
    limits: authLimits,
    emailCodes: createEmailCodes({
      accounts: repositories.accounts,
      limits: authLimits,
      clock,
      transaction,
      mail,
      secret: authSecret,
      supportEmail: config.supportEmail,
      isAdmin: (email) => accounts.isAdmin(email),
    }),
    logger: app.log,
  });
  const contact = createContactService({ contacts: repositories.contacts, clock });
  // "2 days left" emails and the unsubscribe link in them (issue 23 §6).
  const unsubscribeTokens = createUnsubscribeTokens(authSecret);
  const reminders = createExpiryReminders({
    reminders: repositories.reminders,
    tokens: unsubscribeTokens,
    transaction,
    clock,
    mail,
    links: { publicUrl: config.publicUrl, supportEmail: config.supportEmail },
    logger: app.log,
  });
  app.decorate('reminders', reminders);
  // Where emails about her money link to.
  const walletUrl = `${config.publicUrl}/?tab=wallet`;

  // Payments: Cashfree with keys; otherwise the built-in simulator speaking Cashfree's API.
  const { cashfree } = config.payments;
  const { orderLeaseWaitMs, ...timing } = deps.paymentTiming ?? {};
  let simulator: PaymentSimulator | null = null;
  let webhookSecret: string;
  let gateway;
  if (cashfree !== null) {
    webhookSecret = cashfree.clientSecret;
    gateway = createCashfreeGateway({
      baseUrl: CASHFREE_BASE_URLS[cashfree.env],
      clientId: cashfree.clientId,
      clientSecret: cashfree.clientSecret,
      ...timing,
    });
  } else {
    webhookSecret = simulatorSecretFor(authSecret);
    const transport = selfTransport(app);
    simulator = createPaymentSimulator({
      db,
      clientId: SIMULATOR_CLIENT_ID,
      clientSecret: webhookSecret,
      publicUrl: config.publicUrl,
      now: () => deps.clock.now(),
      transport,
      webhookPath: PAYMENT_WEBHOOK_PATH,
      logger: app.log,
      authorizeControls: (request) => requireAdmin(sessions, request),
      // On a test's FakeClock the test moves time and calls simulator.runDue() itself.
      followClockEveryMs: deps.clock === systemClock ? 1000 : 0,
    });
    simulator.register(app);
    app.addHook('onClose', () => simulator?.close());
    gateway = createCashfreeGateway({
      baseUrl: SIMULATOR_PG_BASE,
      clientId: SIMULATOR_CLIENT_ID,
      clientSecret: webhookSecret,
      transport,
      ...timing,
    });
  }
  // Money back (ADR 021): refunds go to the payment provider as jobs; disputes come from it.
  const refundLinks = {
    purchasesUrl: `${config.publicUrl}/purchases`,
    walletUrl,
    supportEmail: config.supportEmail,
  };
  const refundTransfers = createRefundTransfers({
    jobs,
    gateway,
    refunds: repositories.refunds,
    events: repositories.orders,
    ledger: repositories.ledger,
    transaction,
    clock,
    mail,
    links: refundLinks,
    logger: app.log,
  });
  const refundEngine = createRefundEngine({
    refunds: repositories.refunds,
    disputes: repositories.disputes,
    ledger: repositories.ledger,
    sales: repositories.contentSales,
    mail,
    queueSend: (trx, refundId) => refundTransfers.queueSend(trx, refundId),
    links: refundLinks,
  });
  const disputes = createDisputes({
    disputes: repositories.disputes,
    refunds: repositories.refunds,
    events: repositories.orders,
    ledger: repositories.ledger,
    sales: repositories.contentSales,
    transaction,
    clock,
    mail,
    links: refundLinks,
    adminEmail: config.auth.adminEmail,
    adminUrl: `${config.publicUrl}/admin`,
    logger: app.log,
  });
  const refunds = createRefundsService({
    engine: refundEngine,
    transfers: refundTransfers,
    refunds: repositories.refunds,
    disputes: repositories.disputes,
    sales: repositories.contentSales,
    audit: repositories.audit,
    transaction,
    clock,
    mail,
    links: refundLinks,
  });
  const moderation = createModerationService({
    admin: repositories.admin,
    audit: repositories.audit,
    transaction,
    clock,
    refunds,
  });
  // Trust and safety (issue 24, ADR 023): reports, the takedown queue, review requests, grievances.
  const takedownQueue = createTakedownQueue({
    tickets: createTicketsRepository(db),
    moderation,
    transaction,
    clock,
    mail,
    links: { publicUrl: config.publicUrl, supportEmail: config.supportEmail, adminEmail: config.auth.adminEmail },
  });

  const payments = createPaymentsService({
    orders: repositories.orders,
    contents: repositories.contents,
    gateway,
    settle: createSettlement({
      orders: repositories.orders,
      sales: repositories.contentSales,
      ledger: repositories.ledger,
      transaction,
      clock,
      platformFeeBps: config.payments.platformFeeBps,
      mail,
      saleNotices: createSaleNotifications({
        jobs,
        notices: createSaleNotificationsRepository(db),
        transaction,
        clock,
        mail,
        walletUrl,
        supportEmail: config.supportEmail,
      }),
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      latePaymentGraceMs: config.payments.latePaymentGraceMs,
      // Money that arrived but buys nothing goes straight back (ADR 021).
      returnPayment: async (trx, payment) => {
        await refundEngine.issue(trx, {
          orderId: payment.orderId,
          reason: payment.reason,
          note: null,
          requestedBy: null,
          at: payment.at,
        });
      },
    }),
    clock: deps.clock,
    logger: app.log,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    checkout:
      simulator === null
        ? { mode: cashfree?.env ?? 'sandbox', urlFor: null }
        : {
            mode: 'simulator',
            urlFor: (sessionId) => simulator.checkoutUrl(sessionId),
            upiIntentUrlFor: (paymentId, upiApp) => simulator.upiIntentUrl(paymentId, upiApp),
          },
    providerName: simulator === null ? 'cashfree' : 'simulator',
    latePaymentGraceMs: config.payments.latePaymentGraceMs,
    lease: leasesOn(db),
    ...(orderLeaseWaitMs === undefined ? {} : { orderLeaseWaitMs }),
  });
  app.decorate('payments', { service: payments, simulator, checkLedger: () => repositories.ledger.check() });

  healthRoutes(app, { db });
  paymentsRoutes(app, {
    payments,
    adjustments: createWalletAdjustments({
      ledger: repositories.ledger,
      audit: repositories.audit,
      transaction,
      clock,
    }),
    sessions,
    visitors: {
      checkoutBuyer: (input, ip, startedHere, locale) => authService.checkoutBuyer(input, ip, startedHere, locale),
      sendCheckoutCode: (email) => authService.sendCheckoutCode(email),
      emailOf: async (accountId) => (await repositories.accounts.findAccountById(accountId))?.email ?? null,
      forgetCheckoutAccount: (accountId) => authService.forgetCheckoutAccount(accountId),
      checkoutStillOpen: (accountId) => authService.checkoutStillOpen(accountId),
      cookies: createCheckoutCookies({ secret: authSecret, secure: config.publicUrl.startsWith('https://'), clock }),
    },
    clock: deps.clock,
    webhookSecrets:
      cashfree === null || cashfree.previousClientSecret === null
        ? [webhookSecret]
        : [webhookSecret, cashfree.previousClientSecret],
    webhookMaxAgeMs: config.payments.webhookReplayWindowMs,
    moneyBack: {
      refundWebhook: (event) => refundTransfers.receiveWebhook(event),
      disputeWebhook: (event) => disputes.receive(event),
    },
  });
  refundsRoutes(app, { refunds, sessions });
  // Payouts: Cashfree Payouts with its own keys; otherwise the built-in payouts simulator, except
  // in production with PAYOUTS=manual and no keys, where no provider checks or pays (config refuses
  // the simulator in production).
  const payoutsConfig = config.payouts;
  let payoutsSimulator: PayoutsSimulator | null = null;
  let payoutGateway: PayoutGateway | null = null;
  let payoutWebhookSecret: string | null = null;
  if (payoutsConfig.cashfree !== null) {
    payoutWebhookSecret = payoutsConfig.cashfree.clientSecret;
    payoutGateway = createCashfreePayouts({
      v1BaseUrl: CASHFREE_PAYOUT_V1_BASE_URLS[payoutsConfig.cashfree.env],
      v2BaseUrl: CASHFREE_PAYOUT_V2_BASE_URLS[payoutsConfig.cashfree.env],
      clientId: payoutsConfig.cashfree.clientId,
      clientSecret: payoutsConfig.cashfree.clientSecret,
      ...(payoutsConfig.cashfree.publicKey === null ? {} : { publicKey: payoutsConfig.cashfree.publicKey }),
    });
  } else if (config.nodeEnv !== 'production') {
    payoutWebhookSecret = payoutsSimulatorSecretFor(authSecret);
    const transport = selfTransport(app);
    const simulatorKeys = { clientId: PAYOUTS_SIMULATOR_CLIENT_ID, clientSecret: payoutWebhookSecret };
    payoutsSimulator = createPayoutsSimulator({
      db,
      ...simulatorKeys,
      now: () => deps.clock.now(),
      transport,
      webhookPath: PAYOUT_WEBHOOK_PATH,
      logger: app.log,
      authorizeControls: (request) => requireAdmin(sessions, request),
      followClockEveryMs: deps.clock === systemClock ? 1000 : 0,
      delayMs: payoutsConfig.simulatorDelayMs,
    });
    payoutsSimulator.register(app);
    app.addHook('onClose', () => payoutsSimulator?.close());
    payoutGateway = createCashfreePayouts({
      v1BaseUrl: PAYOUTS_SIMULATOR_BASE,
      v2BaseUrl: PAYOUTS_SIMULATOR_V2_BASE,
      ...simulatorKeys,
      transport,
      now: () => deps.clock.now(),
    });
  }
  // Transfers are checked wherever a provider is (a switch to manual leaves none half-sent);
  // they are sent by themselves only with PAYOUTS=auto.
  const payoutTransfers =
    payoutGateway !== null
      ? createPayoutTransfers({
          jobs,
          gateway: payoutGateway,
          withdrawals: repositories.withdrawals,
          events: repositories.payoutEvents,
          ledger: repositories.ledger,
          transaction,
          clock,
          mail,
          logger: app.log,
          walletUrl,
          supportEmail: config.supportEmail,
          sendsAutomatically: payoutsConfig.mode === 'auto',
        })
      : null;
  const automaticPayouts = payoutsConfig.mode === 'auto' ? payoutTransfers : null;
  app.decorate('payouts', { simulator: payoutsSimulator, gateway: payoutGateway, mode: payoutsConfig.mode });
  const admin = createAdminService({
    admin: repositories.admin,
    audit: repositories.audit,
    ledger: repositories.ledger,
    jobs: jobs.admin,
    payouts: createPayoutsOverview({
      withdrawals: repositories.withdrawals,
      events: repositories.payoutEvents,
      gateway: payoutGateway,
      mode: payoutsConfig.mode,
      logger: app.log,
    }),
    moneyBack: refunds,
    reports: takedownQueue,
  });
  withdrawalsRoutes(app, {
    withdrawals: createWithdrawalsService({
      withdrawals: repositories.withdrawals,
      payoutAccounts: repositories.payoutAccounts,
      ledger: repositories.ledger,
      audit: repositories.audit,
      transaction,
      clock,
      mail,
      gateway: payoutGateway,
      transfers: automaticPayouts,
      limits: { autoLimitPaise: payoutsConfig.autoLimitPaise, dailyLimitPaise: payoutsConfig.dailyLimitPaise },
      logger: app.log,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
    }),
    payoutAccounts: createPayoutAccountService({
      accounts: repositories.payoutAccounts,
      withdrawals: repositories.withdrawals,
      gateway: payoutGateway,
      transaction,
      clock,
      mail,
      logger: app.log,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
    }),
    transfers: payoutTransfers,
    webhookSecret: payoutWebhookSecret,
    webhookMaxAgeMs: config.payments.webhookReplayWindowMs,
    clock,
    sessions,
  });
  if (outbox !== null && config.nodeEnv !== 'production') {
    outboxControlRoutes(app, { outbox, authorize: (request) => requireAdmin(sessions, request) });
  }
  contactRoutes(app, contact);
  safetyRoutes(app, { queue: takedownQueue, sessions });
  remindersRoutes(app, {
    lists: createEmailLists({ reminders: repositories.reminders, tokens: unsubscribeTokens, clock }),
  });
  accountsRoutes(app, { authService, accounts, sessions });
  analyticsRoutes(app, {
    analytics,
    counter: visitCounter,
    repository: repositories.analytics,
    creators,
    sessions,
    clock,
  });
  yourDataRoutes(app, {
    yourData: createYourDataService({
      yourData: repositories.yourData,
      accounts: repositories.accounts,
      creators,
      content,
      ledger: repositories.ledger,
      withdrawals: repositories.withdrawals,
      reminders: repositories.reminders,
      audit: repositories.audit,
      mail,
      journal,
      transaction,
      clock,
      isAdmin: (email) => accounts.isAdmin(email),
      logger: app.log,
    }),
    sessions,
    clock,
    clearedSessionCookies: () => clearedSessionCookies(auth),
  });
  adminRoutes(app, {
    sessions,
    contact,
    admin,
    moderation,
    jobs: createJobsAdminService({ jobs: jobs.admin, audit: repositories.audit, clock }),
  });
  const policyReminders = createPolicyReminders({
    runs: createPolicyRemindersRepository(db),
    audit: repositories.audit,
    jobs,
    mail,
    transaction,
    clock,
    adminEmail: config.auth.adminEmail,
    links: { publicUrl: config.publicUrl, supportEmail: config.supportEmail },
  });
  app.decorate('policyReminders', policyReminders);
  policyRemindersRoutes(app, { sessions, policyReminders });
  // Multipart is parsed only where files are uploaded; every other route keeps refusing
  // anything but JSON (ADR 006).
  await app.register(async (media) => {
    await media.register(multipart, {
      // Set explicitly rather than trusting defaults: one file per request, a few short fields.
      // The file cap sits a byte above ours so our own check, with the spec's message, runs first.
      limits: {
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: 1,
        fields: 10,
        fieldSize: 16 * 1024,
        parts: 12,
        headerPairs: 100,
      },
    });
    const uploads = createUploadAllowance({
      store: rateLimits,
      clock,
      perHour: config.limits.uploadsPerCreatorPerHour,
      logger: app.log,
    });
    const resumable = createResumableUploads({ dir: path.join(stagingDir, RESUMABLE_UPLOADS_DIR), clock });
    resumableUploadRoutes(media, { creators, sessions, uploads: resumable, allowance: uploads });
    contentRoutes(media, { content, creators, sessions, storage, stagingDir, uploads, resumable });
    creatorsRoutes(media, { creators, pages: creatorPages, sessions, storage, stagingDir, uploads });
  });

  shareCardRoutes(app, { cards: createShareCards({ creators, content, storage, stagingDir }), storage });
  const shareMeta = createShareMeta({ creators, content, publicUrl: config.publicUrl });
  const publicConfig: PublicWebConfig = {
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    publicUrl: config.publicUrl,
    maxPricePaise: config.media.maxPricePaise,
    checkoutMode: cashfree === null ? 'simulator' : cashfree.env,
    payoutsMode: automaticPayouts === null ? 'manual' : 'auto',
    legal: config.legal,
  };
  const renderer =
    deps.webRenderer !== undefined
      ? deps.webRenderer
      : config.webDistDir === null
        ? null
        : await loadWebRenderer(config.webDistDir);
  const pages =
    renderer === null
      ? null
      : createServerPages({
          app,
          renderer,
          config: publicConfig,
          publicUrl: config.publicUrl,
          now: () => clock.now(),
          onCreatorPageSent: (request, sent) => {
            // A HEAD (a link checker, a monitor) is nobody looking at the page.
            if (request.method !== 'GET') return;
            visitCounter.count({
              creatorId: sent.creatorId,
              contentId: sent.contentId,
              accountId: sent.accountId,
              viewerIsAdmin: sent.accountIsAdmin,
              ip: request.ip,
              userAgent: request.headers['user-agent'],
              referrer: request.headers.referer,
              tag: sent.tag,
            });
          },
        });
  await app.register(staticWebPlugin, {
    distDir: config.webDistDir,
    headFor: async (pathname) => {
      const meta = await shareMeta(pathname);
      return meta === null ? null : renderShareMeta(meta);
    },
    ...(pages === null ? {} : { pageFor: pages }),
    publicConfig,
  });
  return {
    app,
    startUp: { auth, accounts: repositories.accounts, storageSweep, payments, stagingDir, jobs, reminders, analytics },
  };
}

/** pg-boss beside PostgreSQL; the jobs table in the same file beside SQLite (ADR 019). */
async function createJobStore(deps: AppDependencies, logger: FastifyBaseLogger): Promise<JobStore> {
  const { database } = deps.config;
  if (database.kind === 'sqlite') return createSqliteJobStore(deps.database.db, deps.clock);
  return createPgBossJobStore({
    connectionString: database.url,
    schema: deps.config.jobs.pgSchema,
    poolSize: 2,
    logger,
  });
}

/**
 * Fastify as every route expects it: request ids, graceful close, JSON only, the error and
 * security plugins, and route rate limits counted in the store every process shares (returned,
 * since the accounts and upload limits count there too).
 */
async function createServer(
  deps: AppDependencies,
  logger: FastifyBaseLogger | undefined,
): Promise<{ app: FastifyInstance; rateLimits: RateLimitStore }> {
  const { config } = deps;
  const app = Fastify({
    ...(logger === undefined ? { logger: false } : { loggerInstance: logger }),
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A 50 MB upload over a slow mobile link takes minutes; headersTimeout below still stops slowloris.
    requestTimeout: 5 * 60_000,
    connectionTimeout: 0,
    keepAliveTimeout: 65_000,
    // Keep a proxy's request id so one request can be followed across hops, but only a sane
    // one: it goes into every log line of the request.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
  });
  app.server.headersTimeout = 20_000;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', () => deps.database.close());
  // Responses still in flight when shutdown starts end their connection, so keep-alive
  // clients (every browser) cannot hold the process open until the grace period runs out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // JSON only: a form on another site can post text/plain without a CORS preflight (ADR 006).
  app.removeContentTypeParser('text/plain');
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    isProduction: config.nodeEnv === 'production',
    cashfreeCheckout: config.payments.cashfree !== null,
    // Originals are fetched from the bucket by a presigned redirect when S3 holds them.
    storageOrigin: deps.storage === undefined && config.s3 !== null ? s3PublicOrigin(config.s3) : null,
  });
  // Every limit counts in one store all processes share: the database, or Redis when REDIS_URL is set.
  const rateLimits = await createRateLimitStore({ redisUrl: config.redisUrl, db: deps.database.db, logger: app.log });
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, {
    global: false,
    store: routeRateLimitStore(rateLimits, deps.clock, app.log),
    // Per client network, like the accounts limits: an IPv6 client has a whole /64 to rotate through.
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests from your network. Please try again in ${context.after}.`),
  });
  return { app, rateLimits };
}

/**
 * S3 when S3_BUCKET is set, otherwise files under DATA_DIR/storage. The AWS SDK is imported only
 * when used: it is a fifth of the server's start-up time, paid on every start and restart.
 */
async function defaultStorage(app: FastifyInstance, config: Config): Promise<Storage> {
  if (config.s3 === null) return createLocalStorage(path.join(config.dataDir, 'storage'));
  const { createS3Storage } = await import('./providers/storage/s3-storage.js');
  const s3 = createS3Storage(config.s3);
  app.addHook('onClose', () => {
    s3.destroy();
  });
  return s3;
}

/** TRUST_PROXY=2: believe X-Forwarded-For for that many hops (Fastify's types omit the numeric form). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
