/** Business constants from SPEC §9. Every screen and route reads them from here. */

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MIN_PRICE_PAISE = 100;
export const MIN_WITHDRAWAL_PAISE = 500_00;
export const UNLOCK_WINDOW_DAYS = 14;
export const VISITOR_VISIBLE_ITEMS = 3;
export const ADMIN_LIST_LIMIT = 100;
export const ADMIN_LOG_LIMIT = 50;
export const TAGLINE_ROTATION_MS = 2200;
export const REFUND_WINDOW_HOURS = 24;

/**
 * Payment-success polling: 9 attempts in all, the spec's cap. The spec waits 5 s before the
 * first; we ask at once (DESIGN §7), then retry at 1, 2, 4 … s.
 */
export const VERIFY_MAX_ATTEMPTS = 9;
export const PAYMENT_SUCCESS_REDIRECT_MS = 1500;

/** The platform fee per sale when PLATFORM_FEE_BPS is not set: 500 basis points = 5%. */
export const DEFAULT_PLATFORM_FEE_BPS = 500;
