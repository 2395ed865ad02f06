import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z.string().trim().min(1).optional();

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
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  WEB_DIST_DIR: optionalText,
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
  /** Passed to Fastify's trustProxy: false, true, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /** The built web app; null when the server runs without one (API-only tests). */
  webDistDir: string | null;
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
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: values.WEB_DIST_DIR === undefined ? null : path.resolve(cwd, values.WEB_DIST_DIR),
  };
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
