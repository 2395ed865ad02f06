import path from 'node:path';
import { SAMPLE_LEGAL_DETAILS } from '@kholo/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const DAY = 24 * 60 * 60_000;

/** A real-looking Grievance Officer and company, as production must have. */
const LEGAL_ENV = {
  GRIEVANCE_OFFICER_NAME: 'Asha Verma',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@kholo.in',
  GRIEVANCE_OFFICER_PHONE: '+91 141 400 0000',
  COMPANY_LEGAL_NAME: 'Kholo Technologies Private Limited',
  COMPANY_ADDRESS: '4th Floor, 12 MI Road\\nJaipur, Rajasthan 302001',
} as const;

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({}, '/srv/kholo');
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/kholo/data'),
      database: { kind: 'sqlite', file: path.resolve('/srv/kholo/data/kholo.db') },
      publicUrl: 'http://localhost:3000',
      supportEmail: 'support@kholo.in',
      supportPhone: null,
      legal: SAMPLE_LEGAL_DETAILS,
      trustProxy: false,
      logLevel: 'info',
      webDistDir: null,
      auth: { secret: null, adminEmail: 'admin@kholo.in', adminPassword: null },
      mail: { smtpUrl: null, from: 'Kholo <no-reply@kholo.in>' },
      media: {
        maxPricePaise: 1_00_000_00,
        ffmpeg: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
        processingConcurrency: 2,
      },
      limits: {
        loginFailuresPerAddress: 20,
        loginFailuresPerAccountAndAddress: 10,
        loginFailuresPerAccount: 10,
        signUpsPerAddress: 10,
        resetRequestsPerAddress: 10,
        resetRequestsPerEmailAndAddress: 3,
        passwordResetsPerAddress: 10,
        emailCodesPerAddress: 20,
        emailCodesPerEmail: 5,
        codeGuessesPerAddress: 30,
        uploadsPerCreatorPerHour: 30,
      },
      handleCoolingOffMs: 90 * 24 * 60 * 60_000,
      payments: {
        cashfree: null,
        platformFeeBps: 500,
        reconcileIntervalMs: 60_000,
        webhookReplayWindowMs: DAY,
        latePaymentGraceMs: DAY,
      },
      payouts: {
        mode: 'auto',
        cashfree: null,
        simulatorDelayMs: 2000,
        autoLimitPaise: 50_000_00,
        dailyLimitPaise: 1_00_000_00,
      },
      jobs: { concurrency: 4, pollIntervalMs: 1000, shutdownGraceMs: 15_000, pgSchema: 'pgboss' },
      webConcurrency: 1,
      redisUrl: null,
      s3: null,
    });
  });

  it('reads the account and mail settings', () => {
    const config = loadConfig({
      AUTH_SECRET: 's'.repeat(32),
      ADMIN_EMAIL: 'Owner@Kholo.in',
      ADMIN_PASSWORD: 'a long admin password',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Kholo <hello@kholo.in>',
    });
    expect(config.auth).toEqual({
      secret: 's'.repeat(32),
      adminEmail: 'owner@kholo.in',
      adminPassword: 'a long admin password',
    });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://user:pass@smtp.example.com:465', from: 'Kholo <hello@kholo.in>' });
  });

  it('refuses to run production on development fallbacks', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET: is required[\s\S]*ADMIN_EMAIL: is required[\s\S]*PUBLIC_URL: is required[\s\S]*SMTP_URL: is required/,
    );
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 's'.repeat(32),
      ADMIN_EMAIL: 'owner@kholo.in',
      PUBLIC_URL: 'https://kholo.in',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      CASHFREE_CLIENT_ID: 'cf-app-id',
      CASHFREE_CLIENT_SECRET: 'cfsk_ma_prod_secret',
      CASHFREE_ENV: 'production',
      CASHFREE_PAYOUT_CLIENT_ID: 'cf-payouts-id',
      CASHFREE_PAYOUT_CLIENT_SECRET: 'cf-payouts-secret',
      ...LEGAL_ENV,
    };
    expect(() => loadConfig(production)).not.toThrow();
    expect(loadConfig(production).legal.sample).toBe(false);
    // Nor the payouts simulator: automatic payouts need Cashfree Payouts' keys, or the admin pays by hand.
    const {
      CASHFREE_PAYOUT_CLIENT_ID: _payoutId,
      CASHFREE_PAYOUT_CLIENT_SECRET: _payoutSecret,
      ...noPayoutKeys
    } = production;
    expect(() => loadConfig(noPayoutKeys)).toThrow(
      /CASHFREE_PAYOUT_CLIENT_ID, CASHFREE_PAYOUT_CLIENT_SECRET: are required/,
    );
    expect(loadConfig({ ...noPayoutKeys, PAYOUTS: 'manual' }).payouts).toMatchObject({
      mode: 'manual',
      cashfree: null,
    });
    // The payment simulator never runs in production.
    const { CASHFREE_CLIENT_ID: _id, CASHFREE_CLIENT_SECRET: _secret, ...withoutKeys } = production;
    expect(() => loadConfig(withoutKeys)).toThrow(/CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET: are required/);
    // Sandbox keys take test cards: in production they would unlock items and credit wallets.
    expect(() => loadConfig({ ...production, CASHFREE_ENV: 'sandbox' })).toThrow(/CASHFREE_ENV: must be production/);
    const { CASHFREE_ENV: _env, ...defaultEnv } = production;
    expect(() => loadConfig(defaultEnv)).toThrow(/CASHFREE_ENV: must be production/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://kholo.in' })).toThrow(/PUBLIC_URL: must be https/);
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" lets any client/);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('reads the Grievance Officer and the company, one address serving both unless the officer has one of their own', () => {
    const legal = loadConfig({ ...LEGAL_ENV, GRIEVANCE_OFFICER_DESIGNATION: 'Head of Trust and Safety' }).legal;
    expect(legal).toEqual({
      grievanceOfficer: {
        name: 'Asha Verma',
        designation: 'Head of Trust and Safety',
        email: 'grievance@kholo.in',
        phone: '+91 141 400 0000',
        // An env file's one line, with its line breaks written as \n.
        address: '4th Floor, 12 MI Road\nJaipur, Rajasthan 302001',
      },
      company: {
        legalName: 'Kholo Technologies Private Limited',
        address: '4th Floor, 12 MI Road\nJaipur, Rajasthan 302001',
      },
      sample: false,
    });
    expect(loadConfig(LEGAL_ENV).legal.grievanceOfficer.designation).toBe('Grievance Officer');
    const ownAddress = loadConfig({ ...LEGAL_ENV, GRIEVANCE_OFFICER_ADDRESS: 'Room 5\n  Jaipur 302001  ' }).legal;
    expect(ownAddress.grievanceOfficer.address).toBe('Room 5\nJaipur 302001');
    expect(ownAddress.company.address).toBe('4th Floor, 12 MI Road\nJaipur, Rajasthan 302001');
  });

  it('marks the legal details as samples, outside production, while any one of them is missing', () => {
    for (const name of Object.keys(LEGAL_ENV) as (keyof typeof LEGAL_ENV)[]) {
      const legal = loadConfig({ ...LEGAL_ENV, [name]: '' }).legal;
      expect(legal.sample, name).toBe(true);
    }
    const { COMPANY_LEGAL_NAME: _name, ...noLegalName } = LEGAL_ENV;
    const legal = loadConfig(noLegalName).legal;
    expect(legal.company.legalName).toBe('Sample Company Private Limited (set COMPANY_LEGAL_NAME)');
    expect(legal.grievanceOfficer.name).toBe('Asha Verma');
    // The optional ones do not make it a sample.
    expect(loadConfig({ ...LEGAL_ENV, GRIEVANCE_OFFICER_DESIGNATION: '' }).legal.sample).toBe(false);
  });

  it('refuses to run production without the Grievance Officer and the company, naming each missing one', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 's'.repeat(32),
      ADMIN_EMAIL: 'owner@kholo.in',
      PUBLIC_URL: 'https://kholo.in',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      CASHFREE_CLIENT_ID: 'cf-app-id',
      CASHFREE_CLIENT_SECRET: 'cfsk_ma_prod_secret',
      CASHFREE_ENV: 'production',
      PAYOUTS: 'manual',
    };
    expect(() => loadConfig(production)).toThrow(
      'GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_PHONE, COMPANY_LEGAL_NAME, COMPANY_ADDRESS: are required when NODE_ENV=production',
    );
    for (const name of Object.keys(LEGAL_ENV)) {
      expect(() => loadConfig({ ...production, ...LEGAL_ENV, [name]: ' ' })).toThrow(
        `  ${name}: is required when NODE_ENV=production (the Grievance Officer`,
      );
    }
    // The officer's own address is optional: the company's serves.
    expect(loadConfig({ ...production, ...LEGAL_ENV }).legal.grievanceOfficer.address).toBe(
      '4th Floor, 12 MI Road\nJaipur, Rajasthan 302001',
    );
  });

  it('reads payout settings: both keys or neither, the mode, the review limits and a one-line PEM', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----';
    expect(
      loadConfig({
        CASHFREE_PAYOUT_CLIENT_ID: 'id',
        CASHFREE_PAYOUT_CLIENT_SECRET: 'secret',
        CASHFREE_PAYOUT_PUBLIC_KEY: pem,
        PAYOUT_AUTO_LIMIT_RUPEES: '20000',
        PAYOUT_DAILY_LIMIT_RUPEES: '60000',
      }).payouts,
    ).toEqual({
      mode: 'auto',
      cashfree: {
        clientId: 'id',
        clientSecret: 'secret',
        env: 'sandbox',
        publicKey: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
      },
      simulatorDelayMs: 2000,
      autoLimitPaise: 20_000_00,
      dailyLimitPaise: 60_000_00,
    });
    expect(() => loadConfig({ CASHFREE_PAYOUT_CLIENT_ID: 'id' })).toThrow(/set both, or neither/);
    expect(() => loadConfig({ CASHFREE_PAYOUT_PUBLIC_KEY: 'not a key' })).toThrow(
      /CASHFREE_PAYOUT_PUBLIC_KEY: must be the PEM/,
    );
    expect(() => loadConfig({ PAYOUTS: 'sometimes' })).toThrow(/PAYOUTS: must be auto or manual/);
    expect(() => loadConfig({ PAYOUT_AUTO_LIMIT_RUPEES: '100' })).toThrow(
      /PAYOUT_AUTO_LIMIT_RUPEES: must be at least 500/,
    );
  });

  it('reads payment settings: simulator without keys, both keys or neither, fee in basis points', () => {
    const simulator = loadConfig({}).payments;
    expect(simulator).toEqual({
      cashfree: null,
      platformFeeBps: 500,
      reconcileIntervalMs: 60_000,
      webhookReplayWindowMs: DAY,
      latePaymentGraceMs: DAY,
    });
    expect(() => loadConfig({ CASHFREE_CLIENT_ID: 'id-only' })).toThrow(/set both, or neither/);
    const cashfree = loadConfig({
      CASHFREE_CLIENT_ID: 'id',
      CASHFREE_CLIENT_SECRET: 'secret',
      PLATFORM_FEE_BPS: '750',
    });
    expect(cashfree.payments.cashfree).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      env: 'sandbox',
      previousClientSecret: null,
    });
    expect(cashfree.payments.platformFeeBps).toBe(750);
    expect(() => loadConfig({ PLATFORM_FEE_BPS: '5001' })).toThrow(/PLATFORM_FEE_BPS: must be at most 5000/);
    expect(() => loadConfig({ PLATFORM_FEE_BPS: '2.5' })).toThrow(/PLATFORM_FEE_BPS: must be a whole number/);
    expect(() => loadConfig({ CASHFREE_ENV: 'live' })).toThrow(/CASHFREE_ENV: must be sandbox or production/);
    // How long an expired checkout is still asked about, in hours (issue 19, M1).
    expect(loadConfig({ LATE_PAYMENT_GRACE_HOURS: '48' }).payments.latePaymentGraceMs).toBe(2 * DAY);
    expect(() => loadConfig({ LATE_PAYMENT_GRACE_HOURS: '0' })).toThrow(/LATE_PAYMENT_GRACE_HOURS: must be at least 1/);
    expect(() => loadConfig({ LATE_PAYMENT_GRACE_HOURS: '169' })).toThrow(
      /LATE_PAYMENT_GRACE_HOURS: must be at most 168/,
    );
    expect(() => loadConfig({ LATE_PAYMENT_GRACE_HOURS: '1.5' })).toThrow(
      /LATE_PAYMENT_GRACE_HOURS: must be a whole number of hours/,
    );
  });

  it('reads the webhook settings: a previous secret during a rotation, and the replay window in hours', () => {
    const rotating = loadConfig({
      CASHFREE_CLIENT_ID: 'id',
      CASHFREE_CLIENT_SECRET: 'new-secret',
      CASHFREE_PREVIOUS_CLIENT_SECRET: 'old-secret',
      WEBHOOK_REPLAY_WINDOW_HOURS: '48',
    }).payments;
    expect(rotating.cashfree).toMatchObject({ clientSecret: 'new-secret', previousClientSecret: 'old-secret' });
    expect(rotating.webhookReplayWindowMs).toBe(2 * DAY);
    // Without keys there is nothing it was rotated from: the simulator signs with its own.
    expect(() => loadConfig({ CASHFREE_PREVIOUS_CLIENT_SECRET: 'old-secret' })).toThrow(
      /CASHFREE_PREVIOUS_CLIENT_SECRET: only with CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ WEBHOOK_REPLAY_WINDOW_HOURS: '0' })).toThrow(
      /WEBHOOK_REPLAY_WINDOW_HOURS: must be at least 1/,
    );
    expect(() => loadConfig({ WEBHOOK_REPLAY_WINDOW_HOURS: '169' })).toThrow(
      /WEBHOOK_REPLAY_WINDOW_HOURS: must be at most 168/,
    );
    expect(() => loadConfig({ WEBHOOK_REPLAY_WINDOW_HOURS: '1.5' })).toThrow(
      /WEBHOOK_REPLAY_WINDOW_HOURS: must be a whole number/,
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set, and keeps the public URL without a trailing slash', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://kholo:secret@db:5432/kholo',
      PUBLIC_URL: 'https://kholo.in/',
      PORT: '8080',
      SUPPORT_PHONE: '+91 98290 00000',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://kholo:secret@db:5432/kholo' });
    expect(config.publicUrl).toBe('https://kholo.in');
    expect(config.port).toBe(8080);
    expect(config.supportPhone).toBe('+91 98290 00000');
  });

  it('derives the default public URL from PORT and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '4100', DATABASE_URL: '', PUBLIC_URL: '' });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.database.kind).toBe('sqlite');
    const blank = loadConfig({ PORT: ' ', SUPPORT_EMAIL: '', SUPPORT_PHONE: '  ', TRUST_PROXY: '' });
    expect(blank.port).toBe(3000);
    expect(blank.publicUrl).toBe('http://localhost:3000');
    expect(blank.supportEmail).toBe('support@kholo.in');
    expect(blank.supportPhone).toBeNull();
    expect(blank.trustProxy).toBe(false);
  });

  it('reads the abuse limits, the handle cooling-off and the media queue', () => {
    const config = loadConfig({
      LOGIN_FAILURES_PER_ADDRESS: '50',
      LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '5',
      LOGIN_FAILURES_PER_ACCOUNT: '25',
      SIGN_UPS_PER_ADDRESS: '4',
      RESET_REQUESTS_PER_ADDRESS: '6',
      RESET_REQUESTS_PER_EMAIL_AND_ADDRESS: '2',
      PASSWORD_RESETS_PER_ADDRESS: '7',
      EMAIL_CODES_PER_ADDRESS: '8',
      EMAIL_CODES_PER_EMAIL: '3',
      CODE_GUESSES_PER_ADDRESS: '12',
      UPLOADS_PER_CREATOR_PER_HOUR: '100',
      HANDLE_COOLING_OFF_DAYS: '0',
      MEDIA_PROCESSING_CONCURRENCY: '1',
    });
    expect(config.limits).toEqual({
      loginFailuresPerAddress: 50,
      loginFailuresPerAccountAndAddress: 5,
      loginFailuresPerAccount: 25,
      signUpsPerAddress: 4,
      resetRequestsPerAddress: 6,
      resetRequestsPerEmailAndAddress: 2,
      passwordResetsPerAddress: 7,
      emailCodesPerAddress: 8,
      emailCodesPerEmail: 3,
      codeGuessesPerAddress: 12,
      uploadsPerCreatorPerHour: 100,
    });
    expect(config.handleCoolingOffMs).toBe(0);
    expect(config.media.processingConcurrency).toBe(1);
  });

  it.each([
    [{ UPLOADS_PER_CREATOR_PER_HOUR: '0' }, 'UPLOADS_PER_CREATOR_PER_HOUR: must be at least 1'],
    [{ LOGIN_FAILURES_PER_ACCOUNT: '2.5' }, 'LOGIN_FAILURES_PER_ACCOUNT: must be a whole number'],
    [{ HANDLE_COOLING_OFF_DAYS: '-1' }, 'HANDLE_COOLING_OFF_DAYS: must be 0'],
    [{ MEDIA_PROCESSING_CONCURRENCY: '0' }, 'MEDIA_PROCESSING_CONCURRENCY: must be at least 1'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ PUBLIC_URL: 'kholo.in' }, 'PUBLIC_URL: must be an http(s) URL'],
    [{ PUBLIC_URL: 'ftp://kholo.in' }, 'PUBLIC_URL'],
    [{ SUPPORT_EMAIL: 'nope' }, 'SUPPORT_EMAIL: must be an email address'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ AUTH_SECRET: 'too-short' }, 'AUTH_SECRET: must be at least 32 characters'],
    [{ ADMIN_EMAIL: 'admin' }, 'ADMIN_EMAIL: must be an email address'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 12 characters'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL: must be an SMTP URL'],
    [{ GRIEVANCE_OFFICER_EMAIL: 'grievance' }, 'GRIEVANCE_OFFICER_EMAIL: must be an email address'],
    [{ GRIEVANCE_OFFICER_PHONE: 'call me' }, 'GRIEVANCE_OFFICER_PHONE: must be a phone number'],
    [{ GRIEVANCE_OFFICER_PHONE: '+91 98290 00000 ext 12345678901234' }, 'GRIEVANCE_OFFICER_PHONE'],
    [{ COMPANY_ADDRESS: 'x'.repeat(501) }, 'COMPANY_ADDRESS: must be at most 500 characters'],
    [{ GRIEVANCE_OFFICER_NAME: 'x'.repeat(101) }, 'GRIEVANCE_OFFICER_NAME: must be at most 100 characters'],
  ])('fails fast and names the bad variable: %j', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.2', ['10.0.0.1', '10.0.0.2']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('is quiet in tests unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('reads S3 storage, processes and Redis, and names every missing S3 setting', () => {
    const config = loadConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'kholo-media',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      WEB_CONCURRENCY: '4',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'kholo-media',
      region: 'ap-south-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(config.webConcurrency).toBe(4);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');

    expect(() => loadConfig({ S3_BUCKET: 'kholo-media' })).toThrow(
      /S3_REGION: is required[\s\S]*S3_ACCESS_KEY_ID: is required[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY: must be at least 1/);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must be a Redis URL/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes', S3_BUCKET: 'b' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
