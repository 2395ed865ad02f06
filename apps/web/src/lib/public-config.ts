import {
  CONTENT_LIMITS,
  type CheckoutMode,
  type LegalDetails,
  MIN_PRICE_PAISE,
  SAMPLE_LEGAL_DETAILS,
} from '@kholo/contracts';

/**
 * Public, non-secret settings the server injects into index.html as HTML-escaped JSON in
 * `<meta name="kholo-config" content="…">`. Read once at start-up; when the tag is absent or
 * empty (Vite dev, tests) the defaults below apply.
 *
 * Checked by hand rather than with zod: this runs on the landing page, where zod would be
 * about an eighth of the JavaScript, and the content comes from our own server (ADR 007).
 */
export interface PublicConfig {
  supportEmail: string;
  supportPhone: string | null;
  /** The site's public origin, without a trailing slash. */
  publicUrl: string;
  /** The highest price a creator may set, in integer paise (the server's MAX_PRICE_RUPEES). */
  maxPricePaise: number;
  /**
   * How payments open: the server's built-in test checkout ('simulator') or Cashfree's
   * ('sandbox', 'production'). The unlock dialog says so when it is a test checkout.
   */
  checkoutMode: CheckoutMode;
  /**
   * How creators' withdrawals are paid: 'auto' sends them to UPI by themselves (usually within a
   * minute), 'manual' leaves them to Kholo's team, with no promised time. The landing page and
   * the Wallet word their promises by it.
   */
  payoutsMode: PayoutsMode;
  /** Who answers complaints and who runs Kholo: the /grievance page and the policies name them. */
  legal: LegalDetails;
}

/** The server's PAYOUTS setting, as the browser is told it (apps/server's PublicWebConfig). */
export const PAYOUTS_MODES = ['auto', 'manual'] as const;
export type PayoutsMode = (typeof PAYOUTS_MODES)[number];

export const DEFAULT_SUPPORT_EMAIL = 'support@kholo.in';

/** ₹1,00,000 unless the server says otherwise (MAX_PRICE_RUPEES). */
export const DEFAULT_MAX_PRICE_PAISE = CONTENT_LIMITS.defaultMaxPricePaise;

export function defaultPublicConfig(origin: string): PublicConfig {
  return {
    supportEmail: DEFAULT_SUPPORT_EMAIL,
    supportPhone: null,
    publicUrl: origin,
    maxPricePaise: DEFAULT_MAX_PRICE_PAISE,
    checkoutMode: 'simulator',
    payoutsMode: 'auto',
    legal: SAMPLE_LEGAL_DETAILS,
  };
}

/**
 * Parses the meta tag's content. Missing fields take their default; content that is not JSON
 * or breaks the schema is reported and ignored as a whole, so one bad value never leaves the
 * page half-configured.
 */
export function parsePublicConfig(content: string | null | undefined, origin: string): PublicConfig {
  const defaults = defaultPublicConfig(origin);
  const trimmed = content?.trim() ?? '';
  if (trimmed === '' || trimmed === '{}') return defaults;

  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    // eslint-disable-next-line no-console -- a broken deploy setting must be visible to whoever opens devtools
    console.error('kholo-config meta tag is not valid JSON; using defaults.');
    return defaults;
  }

  const parsed = checkPublicConfig(json);
  if (typeof parsed === 'string') {
    // eslint-disable-next-line no-console -- as above
    console.error(`kholo-config meta tag is invalid (${parsed}); using defaults.`);
    return defaults;
  }
  return {
    supportEmail: parsed.supportEmail ?? defaults.supportEmail,
    supportPhone: parsed.supportPhone ?? null,
    publicUrl: parsed.publicUrl ?? defaults.publicUrl,
    maxPricePaise: parsed.maxPricePaise ?? defaults.maxPricePaise,
    checkoutMode: parsed.checkoutMode ?? defaults.checkoutMode,
    payoutsMode: parsed.payoutsMode ?? defaults.payoutsMode,
    legal: parsed.legal ?? defaults.legal,
  };
}

type PartialPublicConfig = { [Key in keyof PublicConfig]?: PublicConfig[Key] | undefined };

/** The config with optional fields, or a description of the first problem found. */
function checkPublicConfig(json: unknown): PartialPublicConfig | string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object';
  const { supportEmail, supportPhone, publicUrl, maxPricePaise, checkoutMode, payoutsMode, legal } = json as Record<
    string,
    unknown
  >;
  const result: PartialPublicConfig = {};

  if (supportEmail !== undefined) {
    if (!isEmail(supportEmail)) return 'supportEmail';
    result.supportEmail = supportEmail;
  }
  // The phone line is optional: an operator without one sends null (or "") and the UI hides it.
  if (supportPhone !== undefined && supportPhone !== null) {
    if (typeof supportPhone !== 'string') return 'supportPhone';
    result.supportPhone = supportPhone.trim() === '' ? null : supportPhone.trim();
  }
  if (publicUrl !== undefined) {
    if (typeof publicUrl !== 'string' || !isHttpUrl(publicUrl)) return 'publicUrl';
    result.publicUrl = publicUrl.replace(/\/+$/, '');
  }
  if (maxPricePaise !== undefined) {
    // A ceiling below the ₹1 minimum would leave no valid price at all.
    if (typeof maxPricePaise !== 'number' || !Number.isSafeInteger(maxPricePaise) || maxPricePaise < MIN_PRICE_PAISE) {
      return 'maxPricePaise';
    }
    result.maxPricePaise = maxPricePaise;
  }
  if (checkoutMode !== undefined) {
    if (!isCheckoutMode(checkoutMode)) return 'checkoutMode';
    result.checkoutMode = checkoutMode;
  }
  if (payoutsMode !== undefined) {
    if (!isPayoutsMode(payoutsMode)) return 'payoutsMode';
    result.payoutsMode = payoutsMode;
  }
  if (legal !== undefined) {
    const checked = checkLegalDetails(legal);
    if (checked === null) return 'legal';
    result.legal = checked;
  }
  return result;
}

/** The legal details whole, every text present, or null. */
function checkLegalDetails(json: unknown): LegalDetails | null {
  if (!isRecord(json) || !isRecord(json['grievanceOfficer']) || !isRecord(json['company'])) return null;
  const { name, designation, email, phone, address } = json['grievanceOfficer'];
  const { legalName, address: companyAddress } = json['company'];
  const { sample } = json;
  if (!isText(name) || !isText(designation) || !isEmail(email) || !isText(phone) || !isText(address)) return null;
  if (!isText(legalName) || !isText(companyAddress) || typeof sample !== 'boolean') return null;
  return {
    grievanceOfficer: { name, designation, email, phone, address },
    company: { legalName, address: companyAddress },
    sample,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isEmail(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/*
 * The contracts' CHECKOUT_MODES, spelt out: importing it would bring the whole zod-free payment
 * rules module (the payment pages' messages and timings) into the landing page's first load.
 * The type below stops type-checking if the contracts gain a mode this list lacks, and
 * public-config.test.ts compares the two lists.
 */
export const KNOWN_CHECKOUT_MODES = ['simulator', 'sandbox', 'production'] as const satisfies readonly CheckoutMode[];
type Assert<T extends true> = T;
/** Compile-time guard: every mode the contracts know is in KNOWN_CHECKOUT_MODES. */
export type CheckoutModesFitContract = Assert<
  CheckoutMode extends (typeof KNOWN_CHECKOUT_MODES)[number] ? true : false
>;

function isCheckoutMode(value: unknown): value is CheckoutMode {
  return (KNOWN_CHECKOUT_MODES as readonly unknown[]).includes(value);
}

function isPayoutsMode(value: unknown): value is PayoutsMode {
  return (PAYOUTS_MODES as readonly unknown[]).includes(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function readPublicConfig(): PublicConfig {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="kholo-config"]');
  return parsePublicConfig(meta?.content, window.location.origin);
}

let cached: PublicConfig | undefined;

/** The page's public config, read from the document the first time it is asked for. */
export function getPublicConfig(): PublicConfig {
  cached ??= readPublicConfig();
  return cached;
}

/** Server rendering: the config the server would put in the meta tag (there is no document). */
export function setPublicConfig(config: PublicConfig): void {
  cached = config;
}

/** Tests only: the next getPublicConfig reads the document's meta tag again. */
export function forgetPublicConfig(): void {
  cached = undefined;
}

/** `+91 98765 43210` → `tel:+919876543210` */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
