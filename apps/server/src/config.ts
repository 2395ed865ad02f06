import path from 'node:path';
import { CONTENT_LIMITS, DEFAULT_PLATFORM_FEE_BPS, type LegalDetails, SAMPLE_LEGAL_DETAILS } from '@kholo/contracts';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z.string().trim().min(1).optional();

/** A name or postal address shown on the /grievance page and the policies. */
function legalText(max: number) {
  return z.string().trim().min(1).max(max, `must be at most ${max} characters`).optional();
}

/** How many attempts a limit allows in its window (README "Limits"). */
function limitCount(fallback: number) {
  return z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(fallback);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/kholo')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://kholo.in' }).optional(),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@kholo.in'),
  SUPPORT_PHONE: optionalText,
  GRIEVANCE_OFFICER_NAME: legalText(100),
  GRIEVANCE_OFFICER_DESIGNATION: legalText(100),
  GRIEVANCE_OFFICER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  GRIEVANCE_OFFICER_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'must be a phone number such as +91 141 400 0000')
    .optional(),
  GRIEVANCE_OFFICER_ADDRESS: legalText(500),
  COMPANY_LEGAL_NAME: legalText(200),
  COMPANY_ADDRESS: legalText(500),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  WEB_DIST_DIR: optionalText,
  AUTH_SECRET: z.string().trim().min(32, 'must be at least 32 characters (try: openssl rand -base64 32)').optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must be an SMTP URL such as smtps://user:password@smtp.example.com:465')
    .optional(),
  MAIL_FROM: optionalText,
  MAX_PRICE_RUPEES: z.coerce
    .number()
    .int('must be a whole number of rupees')
    .min(1, 'must be at least 1')
    .max(10_000_000, 'must be at most 1,00,00,000')
    .optional(),
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  CASHFREE_CLIENT_ID: optionalText,
  CASHFREE_CLIENT_SECRET: optionalText,
  CASHFREE_ENV: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  CASHFREE_PREVIOUS_CLIENT_SECRET: optionalText,
  PAYOUTS: z.enum(['auto', 'manual'], { error: 'must be auto or manual' }).default('auto'),
  CASHFREE_PAYOUT_CLIENT_ID: optionalText,
  CASHFREE_PAYOUT_CLIENT_SECRET: optionalText,
  CASHFREE_PAYOUT_PUBLIC_KEY: optionalText,
  PAYOUTS_SIMULATOR_DELAY_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(600_000, 'must be at most 600000 (ten minutes)')
    .default(2000),
  PAYOUT_AUTO_LIMIT_RUPEES: z.coerce
    .number()
    .int('must be a whole number of rupees')
    .min(500, 'must be at least 500 (the smallest withdrawal)')
    .max(10_000_000, 'must be at most 1,00,00,000')
    .default(50_000),
  PAYOUT_DAILY_LIMIT_RUPEES: z.coerce
    .number()
    .int('must be a whole number of rupees')
    .min(500, 'must be at least 500 (the smallest withdrawal)')
    .max(10_000_000, 'must be at most 1,00,00,000')
    .default(1_00_000),
  WEBHOOK_REPLAY_WINDOW_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 (Cashfree retries for half an hour and more)')
    .max(168, 'must be at most 168 (7 days)')
    .default(24),
  LATE_PAYMENT_GRACE_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 (a payment started before the expiry may finish after it)')
    .max(168, 'must be at most 168 (7 days)')
    .default(24),
  PLATFORM_FEE_BPS: z.coerce
    .number()
    .int('must be a whole number of basis points (500 = 5%)')
    .min(0, 'must be at least 0')
    .max(5000, 'must be at most 5000 (50%)')
    .optional(),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0, 'must be 0 (off) or more').max(3600).optional(),
  JOBS_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number of jobs')
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .default(4),
  JOBS_POLL_INTERVAL_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000 (a minute)')
    .default(1000),
  JOBS_SHUTDOWN_GRACE_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(300, 'must be at most 300')
    .default(15),
  JOBS_PG_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL schema name such as pgboss')
    .default('pgboss'),
  WEB_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number of processes')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .default(1),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must be a Redis URL such as redis://localhost:6379')
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.ap-south-1.amazonaws.com' })
    .optional(),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  LOGIN_FAILURES_PER_ADDRESS: limitCount(20),
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: limitCount(10),
  LOGIN_FAILURES_PER_ACCOUNT: limitCount(10),
  SIGN_UPS_PER_ADDRESS: limitCount(10),
  RESET_REQUESTS_PER_ADDRESS: limitCount(10),
  RESET_REQUESTS_PER_EMAIL_AND_ADDRESS: limitCount(3),
  PASSWORD_RESETS_PER_ADDRESS: limitCount(10),
  EMAIL_CODES_PER_ADDRESS: limitCount(20),
  EMAIL_CODES_PER_EMAIL: limitCount(5),
  CODE_GUESSES_PER_ADDRESS: limitCount(30),
  UPLOADS_PER_CREATOR_PER_HOUR: limitCount(30),
  HANDLE_COOLING_OFF_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(0, 'must be 0 (a released handle is free at once) or more')
    .max(3650, 'must be at most 3650')
    .default(90),
  MEDIA_PROCESSING_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(2),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  supportEmail: string;
  supportPhone: string | null;
  /** Who answers complaints, and who runs Kholo: the /grievance page, the policies and the emails say so. */
  legal: LegalDetails;
  /** Passed to Fastify's trustProxy: false, true, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /** The built web app; null when the server runs without one (API-only tests). */
  webDistDir: string | null;
  auth: {
    /** Signs session cookies. Null: development keeps a generated one in DATA_DIR (see auth-secret.ts). */
    secret: string | null;
    adminEmail: string;
    /** Used once, to create the admin account when it does not exist yet. */
    adminPassword: string | null;
  };
  mail: {
    /** Null: messages are written to DATA_DIR/outbox as .eml files instead of being sent. */
    smtpUrl: string | null;
    from: string;
  };
  media: {
    /** The highest price a creator may set, in paise (MAX_PRICE_RUPEES, default ₹1,00,000). */
    maxPricePaise: number;
    /** Commands for video posters and facts; null when FFMPEG_PATH=off (placeholders instead). */
    ffmpeg: { ffmpeg: string; ffprobe: string } | null;
    /** Images decoded and previews made at once in one process (MEDIA_PROCESSING_CONCURRENCY). */
    processingConcurrency: number;
  };
  /** Counts allowed per window by the abuse limits (README "Limits"); the windows are fixed. */
  limits: AbuseLimits;
  /** How long a handle a creator gave up stays hers alone (HANDLE_COOLING_OFF_DAYS), in ms. */
  handleCoolingOffMs: number;
  payments: {
    /** Cashfree's keys, or null for the built-in simulator (never in production). */
    cashfree: {
      clientId: string;
      clientSecret: string;
      env: 'sandbox' | 'production';
      /** The secret before a rotation (CASHFREE_PREVIOUS_CLIENT_SECRET): still accepted on webhooks. */
      previousClientSecret: string | null;
    } | null;
    /** Kholo's share of each sale in basis points (PLATFORM_FEE_BPS, default 500 = 5%). */
    platformFeeBps: number;
    /** How often open orders are checked with the provider; 0 turns the loop off. */
    reconcileIntervalMs: number;
    /**
     * How old a signed webhook may be and still be accepted (WEBHOOK_REPLAY_WINDOW_HOURS): all of
     * Cashfree's retries, which may keep the first timestamp. A replay inside it changes nothing
     * (deliveries are deduplicated and settlement is idempotent).
     */
    webhookReplayWindowMs: number;
    /**
     * How long after an order's expiry the provider is still asked whether it was paid
     * (LATE_PAYMENT_GRACE_HOURS): an attempt started before the expiry may succeed after it.
     */
    latePaymentGraceMs: number;
  };
  /** Creators' withdrawals (ADR 020). */
  payouts: {
    /** auto: sent to the provider without a person; manual: the admin pays and marks them paid (PAYOUTS). */
    mode: 'auto' | 'manual';
    /**
     * Cashfree Payouts' own keys, or null: the built-in payouts simulator (never in production),
     * or, in production with PAYOUTS=manual, no provider (UPI IDs go unchecked; the admin checks).
     */
    cashfree: {
      clientId: string;
      clientSecret: string;
      env: 'sandbox' | 'production';
      /** PEM of the 2FA public key (CASHFREE_PAYOUT_PUBLIC_KEY); null when the server's IP is whitelisted. */
      publicKey: string | null;
    } | null;
    /** How long the payouts simulator's bank takes to pay (PAYOUTS_SIMULATOR_DELAY_MS, default 2 s). */
    simulatorDelayMs: number;
    /** A payout above this waits for review (PAYOUT_AUTO_LIMIT_RUPEES, default ₹50,000). */
    autoLimitPaise: number;
    /** A creator's payouts over a day above this wait for review (PAYOUT_DAILY_LIMIT_RUPEES, default ₹1,00,000). */
    dailyLimitPaise: number;
  };
  /** Background work (features/jobs, ADR 019). */
  jobs: {
    /** Jobs one process runs at once (JOBS_CONCURRENCY, default 4). */
    concurrency: number;
    /** How often an idle process looks for due jobs (JOBS_POLL_INTERVAL_MS, default 1000). */
    pollIntervalMs: number;
    /** How long shutdown waits for running jobs before leaving them to be retried (default 15 s). */
    shutdownGraceMs: number;
    /** pg-boss's schema on PostgreSQL (JOBS_PG_SCHEMA, default pgboss). */
    pgSchema: string;
  };
  /** Worker processes `npm start` runs on one port (WEB_CONCURRENCY, default 1). */
  webConcurrency: number;
  /** Rate-limit counters live here when set; otherwise in the database. */
  redisUrl: string | null;
  /** S3-compatible storage for media, previews and avatars; null keeps them under DATA_DIR/storage. */
  s3: S3Settings | null;
}

export interface AbuseLimits {
  /** Failed logins from one network, whatever the accounts, per 15 minutes. */
  loginFailuresPerAddress: number;
  /** Failed logins on one account from one network, per 15 minutes. */
  loginFailuresPerAccountAndAddress: number;
  /** Failed logins on one account from all networks, per 15 minutes, before each network gets only a few. */
  loginFailuresPerAccount: number;
  /** Sign-ups from one network per hour. */
  signUpsPerAddress: number;
  /** Reset emails asked for from one network, per 15 minutes. */
  resetRequestsPerAddress: number;
  /** Reset emails asked for one email from one network, per 15 minutes. */
  resetRequestsPerEmailAndAddress: number;
  /** New passwords set with a reset link from one network, per 15 minutes. */
  passwordResetsPerAddress: number;
  /** Sign-in codes emailed at the request of one network (login or checkout), per hour. */
  emailCodesPerAddress: number;
  /** Sign-in codes emailed to one address, from anywhere, per hour: no inbox is flooded. */
  emailCodesPerEmail: number;
  /** Wrong sign-in codes from one network, whatever the emails, per 15 minutes. */
  codeGuessesPerAddress: number;
  /** Items and avatars one creator uploads per hour. */
  uploadsPerCreatorPerHour: number;
}

export interface S3Settings {
  /** Null: AWS's own endpoint for the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, most self-hosted servers) rather than in the host name. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once at start; a bad value stops the process with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Kholo cannot start because the configuration is invalid:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(cwd, values.DATA_DIR);
  if ((values.CASHFREE_CLIENT_ID === undefined) !== (values.CASHFREE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Kholo cannot start because the configuration is invalid:\n  CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET: set both, or neither for the payment simulator',
    );
  }
  if (values.CASHFREE_PREVIOUS_CLIENT_SECRET !== undefined && values.CASHFREE_CLIENT_SECRET === undefined) {
    throw new ConfigError(
      'Kholo cannot start because the configuration is invalid:\n  CASHFREE_PREVIOUS_CLIENT_SECRET: only with CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET (the secret it was rotated to)',
    );
  }
  const s3 = s3Settings(values);
  if ((values.CASHFREE_PAYOUT_CLIENT_ID === undefined) !== (values.CASHFREE_PAYOUT_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Kholo cannot start because the configuration is invalid:\n  CASHFREE_PAYOUT_CLIENT_ID and CASHFREE_PAYOUT_CLIENT_SECRET: set both, or neither for the payouts simulator',
    );
  }
  if (
    values.CASHFREE_PAYOUT_PUBLIC_KEY !== undefined &&
    !values.CASHFREE_PAYOUT_PUBLIC_KEY.includes('BEGIN PUBLIC KEY')
  ) {
    throw new ConfigError(
      'Kholo cannot start because the configuration is invalid:\n  CASHFREE_PAYOUT_PUBLIC_KEY: must be the PEM text of the public key from the Payouts dashboard (-----BEGIN PUBLIC KEY----- …)',
    );
  }
  if (values.NODE_ENV === 'production') requireProductionSettings(values);

  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database:
      values.DATABASE_URL === undefined
        ? { kind: 'sqlite', file: path.join(dataDir, 'kholo.db') }
        : { kind: 'postgres', url: values.DATABASE_URL },
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    supportEmail: values.SUPPORT_EMAIL,
    supportPhone: values.SUPPORT_PHONE ?? null,
    legal: legalDetails(values),
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: values.WEB_DIST_DIR === undefined ? null : path.resolve(cwd, values.WEB_DIST_DIR),
    auth: {
      secret: values.AUTH_SECRET ?? null,
      adminEmail: (values.ADMIN_EMAIL ?? DEVELOPMENT_ADMIN_EMAIL).toLowerCase(),
      adminPassword: values.ADMIN_PASSWORD ?? null,
    },
    mail: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM ?? 'Kholo <no-reply@kholo.in>',
    },
    media: {
      maxPricePaise:
        values.MAX_PRICE_RUPEES === undefined ? CONTENT_LIMITS.defaultMaxPricePaise : values.MAX_PRICE_RUPEES * 100,
      ffmpeg:
        values.FFMPEG_PATH === 'off'
          ? null
          : { ffmpeg: values.FFMPEG_PATH ?? 'ffmpeg', ffprobe: values.FFPROBE_PATH ?? 'ffprobe' },
      processingConcurrency: values.MEDIA_PROCESSING_CONCURRENCY,
    },
    limits: {
      loginFailuresPerAddress: values.LOGIN_FAILURES_PER_ADDRESS,
      loginFailuresPerAccountAndAddress: values.LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      loginFailuresPerAccount: values.LOGIN_FAILURES_PER_ACCOUNT,
      signUpsPerAddress: values.SIGN_UPS_PER_ADDRESS,
      resetRequestsPerAddress: values.RESET_REQUESTS_PER_ADDRESS,
      resetRequestsPerEmailAndAddress: values.RESET_REQUESTS_PER_EMAIL_AND_ADDRESS,
      passwordResetsPerAddress: values.PASSWORD_RESETS_PER_ADDRESS,
      emailCodesPerAddress: values.EMAIL_CODES_PER_ADDRESS,
      emailCodesPerEmail: values.EMAIL_CODES_PER_EMAIL,
      codeGuessesPerAddress: values.CODE_GUESSES_PER_ADDRESS,
      uploadsPerCreatorPerHour: values.UPLOADS_PER_CREATOR_PER_HOUR,
    },
    handleCoolingOffMs: values.HANDLE_COOLING_OFF_DAYS * 24 * 60 * 60_000,
    payments: {
      cashfree:
        values.CASHFREE_CLIENT_ID === undefined || values.CASHFREE_CLIENT_SECRET === undefined
          ? null
          : {
              clientId: values.CASHFREE_CLIENT_ID,
              clientSecret: values.CASHFREE_CLIENT_SECRET,
              env: values.CASHFREE_ENV,
              previousClientSecret: values.CASHFREE_PREVIOUS_CLIENT_SECRET ?? null,
            },
      platformFeeBps: values.PLATFORM_FEE_BPS ?? DEFAULT_PLATFORM_FEE_BPS,
      reconcileIntervalMs: (values.RECONCILE_INTERVAL_SECONDS ?? 60) * 1000,
      webhookReplayWindowMs: values.WEBHOOK_REPLAY_WINDOW_HOURS * 60 * 60_000,
      latePaymentGraceMs: values.LATE_PAYMENT_GRACE_HOURS * 60 * 60_000,
    },
    payouts: {
      mode: values.PAYOUTS,
      cashfree:
        values.CASHFREE_PAYOUT_CLIENT_ID === undefined || values.CASHFREE_PAYOUT_CLIENT_SECRET === undefined
          ? null
          : {
              clientId: values.CASHFREE_PAYOUT_CLIENT_ID,
              clientSecret: values.CASHFREE_PAYOUT_CLIENT_SECRET,
              env: values.CASHFREE_ENV,
              // Env files hold one line: a PEM may come with its newlines written as \n.
              publicKey: values.CASHFREE_PAYOUT_PUBLIC_KEY?.replaceAll('\\n', '\n') ?? null,
            },
      simulatorDelayMs: values.PAYOUTS_SIMULATOR_DELAY_MS,
      autoLimitPaise: values.PAYOUT_AUTO_LIMIT_RUPEES * 100,
      dailyLimitPaise: values.PAYOUT_DAILY_LIMIT_RUPEES * 100,
    },
    jobs: {
      concurrency: values.JOBS_CONCURRENCY,
      pollIntervalMs: values.JOBS_POLL_INTERVAL_MS,
      shutdownGraceMs: values.JOBS_SHUTDOWN_GRACE_SECONDS * 1000,
      pgSchema: values.JOBS_PG_SCHEMA,
    },
    webConcurrency: values.WEB_CONCURRENCY,
    redisUrl: values.REDIS_URL ?? null,
    s3,
  };
}

/** Env files hold one line: an address may come with its line breaks written as \n. */
function addressLines(value: string): string {
  return value
    .split(/\\n|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

function legalDetails(values: z.infer<typeof envSchema>): LegalDetails {
  const { grievanceOfficer: sampleOfficer, company: sampleCompany } = SAMPLE_LEGAL_DETAILS;
  const companyAddress = values.COMPANY_ADDRESS === undefined ? undefined : addressLines(values.COMPANY_ADDRESS);
  const officerAddress =
    values.GRIEVANCE_OFFICER_ADDRESS === undefined ? companyAddress : addressLines(values.GRIEVANCE_OFFICER_ADDRESS);
  const sample = LEGAL_REQUIRED.some((name) => values[name] === undefined);
  return {
    grievanceOfficer: {
      name: values.GRIEVANCE_OFFICER_NAME ?? sampleOfficer.name,
      designation: values.GRIEVANCE_OFFICER_DESIGNATION ?? sampleOfficer.designation,
      email: values.GRIEVANCE_OFFICER_EMAIL ?? sampleOfficer.email,
      phone: values.GRIEVANCE_OFFICER_PHONE ?? sampleOfficer.phone,
      address: officerAddress ?? sampleOfficer.address,
    },
    company: {
      legalName: values.COMPANY_LEGAL_NAME ?? sampleCompany.legalName,
      address: companyAddress ?? sampleCompany.address,
    },
    sample,
  };
}

/** Rule 3(2) of the IT Rules 2021: the officer's name and contact details, and who Kholo is. */
const LEGAL_REQUIRED = [
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_EMAIL',
  'GRIEVANCE_OFFICER_PHONE',
  'COMPANY_LEGAL_NAME',
  'COMPANY_ADDRESS',
] as const;

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3 is on when S3_BUCKET is set; then the region and both keys must be set too. */
function s3Settings(values: z.infer<typeof envSchema>): S3Settings | null {
  const anySet = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'].some(
    (name) => values[name as keyof typeof values] !== undefined,
  );
  if (!anySet) return null;
  const missing = S3_REQUIRED.filter((name) => values[name] === undefined);
  if (missing.length > 0 || values.S3_BUCKET === undefined) {
    throw new ConfigError(
      `Kholo cannot start because the configuration is invalid:\n${missing
        .map(
          (name) =>
            `  ${name}: is required when S3 storage is configured (S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`,
        )
        .join('\n')}`,
    );
  }
  return {
    endpoint: values.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
    bucket: values.S3_BUCKET,
    region: values.S3_REGION ?? '',
    accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The admin's address when ADMIN_EMAIL is not set, outside production only. */
export const DEVELOPMENT_ADMIN_EMAIL = 'admin@kholo.in';

/**
 * Production must not fall back to a generated secret, a well-known admin address, localhost
 * links, plain-http cookies, an outbox nobody reads, client-chosen IP addresses, or a sample
 * Grievance Officer.
 */
function requireProductionSettings(values: z.infer<typeof envSchema>): void {
  const problems: string[] = [];
  for (const name of ['AUTH_SECRET', 'ADMIN_EMAIL', 'PUBLIC_URL', 'SMTP_URL'] as const) {
    if (values[name] === undefined) problems.push(`  ${name}: is required when NODE_ENV=production`);
  }
  const missingLegal = LEGAL_REQUIRED.filter((name) => values[name] === undefined);
  if (missingLegal.length > 0) {
    // The law asks for a real, reachable officer: a sample name on the /grievance page would not do.
    problems.push(
      `  ${missingLegal.join(', ')}: ${missingLegal.length === 1 ? 'is' : 'are'} required when NODE_ENV=production (the Grievance Officer and the company the IT Rules 2021 require the site to name)`,
    );
  }
  if (values.CASHFREE_CLIENT_ID === undefined) {
    problems.push(
      '  CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET: are required when NODE_ENV=production (the payment simulator is for development and tests only)',
    );
  } else if (values.CASHFREE_ENV !== 'production') {
    // Sandbox payments are test cards: in production they would unlock items and credit wallets.
    problems.push('  CASHFREE_ENV: must be production when NODE_ENV=production (sandbox payments are not real money)');
  }
  if (values.PAYOUTS === 'auto' && values.CASHFREE_PAYOUT_CLIENT_ID === undefined) {
    problems.push(
      '  CASHFREE_PAYOUT_CLIENT_ID, CASHFREE_PAYOUT_CLIENT_SECRET: are required when NODE_ENV=production and PAYOUTS=auto (the payouts simulator is for development and tests only; PAYOUTS=manual lets the admin pay by hand)',
    );
  }
  if (values.PUBLIC_URL?.startsWith('http://') === true) {
    problems.push('  PUBLIC_URL: must be https when NODE_ENV=production (session cookies are Secure only then)');
  }
  if (values.TRUST_PROXY === 'true') {
    problems.push(
      '  TRUST_PROXY: "true" lets any client choose its own address; give the hop count (e.g. 1) or the proxy addresses',
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Kholo cannot start because the configuration is invalid:\n${problems.join('\n')}`);
  }
}

/** `PORT=` or `SUPPORT_EMAIL=""` means "not set", the way shells and .env files write it. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') present[name] = value;
  }
  return present;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (addresses.length === 0)
    throw new ConfigError('TRUST_PROXY must be true, false, a hop count or a list of addresses');
  return addresses;
}
