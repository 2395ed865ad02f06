/**
 * Which journeys run in which server shape and at which width (README "Tests").
 *
 * The production shape (PostgreSQL, S3, two worker processes) can change what happens in these
 * journeys: money and sessions cross processes and live in PostgreSQL, media lives in S3. The
 * others only read pages the server renders the same way in either shape, so they run on the
 * embedded defaults alone.
 */
export const PRODUCTION_SHAPE_SPECS = [
  'accounts.spec.ts', // sessions, sign-in limits and password reset across two workers
  'payments.spec.ts', // orders, the simulator's checkout and webhooks, settlement in PostgreSQL
  'wallet.spec.ts', // withdrawals and the ledger, the admin's payouts
  'admin.spec.ts', // moderation and lists over PostgreSQL, hidden media in S3
  'studio.spec.ts', // uploads into S3, previews and originals served from it
  'creator-pages.spec.ts', // previews and downloads from S3, old handles in PostgreSQL
  // Not payout-failures.spec.ts: it forces the bank's answers with the payouts simulator's
  // switches, which reach only the worker process that served the request.
] as const;

/**
 * E2E_SHAPE, set by the scripts:
 * - `all` (the default, `npm run test:e2e`): every journey at both widths, on whatever server
 *   the environment describes;
 * - `defaults` (`npm test`, the embedded defaults): every journey at 360 px, and at 1280 px all
 *   but the production-shape ones, which `production` runs at that width;
 * - `production` (`npm run test:e2e -- --scaled`): the production-shape journeys at 1280 px.
 *
 * So in `npm test` every journey runs at both widths once, and each production-shape journey
 * runs in both shapes: the server never sees the width, and the layout never sees the server.
 */
export type E2eShape = 'all' | 'defaults' | 'production';

export function e2eShape(value: string | undefined): E2eShape {
  if (value === undefined || value === '' || value === 'all') return 'all';
  if (value === 'defaults' || value === 'production') return value;
  throw new Error(`E2E_SHAPE must be all, defaults or production, not ${value}`);
}
