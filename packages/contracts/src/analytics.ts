import { z } from 'zod';
import { mediaKind } from './content.js';

/** Visits are deleted after this many days (the Privacy Policy says so; ADR 028). */
export const VISITS_KEPT_DAYS = 180;

/** The periods the Analytics tab shows, in India days ending today. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/**
 * Where a visit came from: the share buttons' `?src=` tag first (see SHARE_SOURCES), else the
 * referrer's site; `direct` when neither says (WhatsApp's app sends no referrer: its shares
 * carry the tag).
 */
export const VISIT_SOURCES = [
  'instagram',
  'whatsapp',
  'telegram',
  'facebook',
  'search',
  'qr',
  'direct',
  'other',
] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

export const analyticsQuery = z.object({
  days: z.coerce
    .number({ error: 'Choose 7, 30 or 90 days.' })
    .refine((days): days is AnalyticsRange => (ANALYTICS_RANGES as readonly number[]).includes(days), {
      error: 'Choose 7, 30 or 90 days.',
    })
    .default(30),
});

const count = z.number().int().nonnegative();
const paise = z.number().int();

export const analyticsDay = z.object({
  /** India calendar day, 2026-11-21. */
  date: z.string(),
  visits: count,
  unlocks: count,
  /** Her share of the day's sales, less what refunds took back of them. */
  earningsPaise: paise,
});

export const analyticsItem = z.object({
  id: z.string(),
  title: z.string(),
  mediaKind,
  visits: count,
  unlocks: count,
  earningsPaise: paise,
});

export const studioAnalytics = z.object({
  days: z.number().int(),
  /** The first and last India day counted (today). */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    /** One per viewer per day, whatever of hers she looked at. */
    visits: count,
    /** One per viewer per day on her page; on each item's page. */
    pageVisits: count,
    itemVisits: count,
    unlocks: count,
    /** unlocks ÷ visits; null with no visits. */
    conversion: z.number().nonnegative().nullable(),
    earningsPaise: paise,
    /** Fans who bought in the period, and those of them who bought more than once. */
    fans: count,
    repeatFans: count,
  }),
  series: z.array(analyticsDay),
  sources: z.array(z.object({ source: z.enum(VISIT_SOURCES), visits: count })),
  /** Her items by earnings, then unlocks, then visits in the period (at most 10). */
  topItems: z.array(analyticsItem),
});
export type StudioAnalytics = z.infer<typeof studioAnalytics>;

/** The sales CSV's columns, in order (GET /api/studio/sales.csv). */
export const SALES_CSV_COLUMNS = [
  'Date (IST)',
  'Order ID',
  'Item',
  'Price (INR)',
  'Kholo fee (INR)',
  'Your share (INR)',
  'Refunded (INR)',
  'Status',
] as const;

/** POST /api/visits: a public page the web app opened without a page load (ADR 028). */
export const visitBeacon = z.object({
  creatorId: z.string().min(1).max(64),
  contentId: z.string().min(1).max(64).nullish(),
  /** The page's `?src=` tag. */
  src: z.string().max(16).nullish(),
  /** document.referrer of the page load that began the visit. */
  referrer: z.string().max(2048).nullish(),
});
export type VisitBeacon = z.infer<typeof visitBeacon>;
