// Withdrawals (SPEC §7, ADR 012, 017, 020): a creator takes her whole balance out to a verified UPI
// payee; the transfer goes out on its own (or the admin pays by hand), each step a ledger posting.
export { createPayoutAccountsRepository } from './payout-accounts-repository.js';
export { createPayoutAccountService, type PayoutAccountService } from './payout-account-service.js';
export { createPayoutEventsRepository, type PayoutEventRow } from './payout-events-repository.js';
export { createPayoutsOverview, type PayoutsOverview } from './payouts-overview.js';
export { createPayoutTransfers, PAYOUT_RECONCILE_INTERVAL_MS, type PayoutTransfers } from './payout-transfers.js';
export { createWithdrawalsRepository, type WithdrawalsRepository } from './withdrawals-repository.js';
export { createWithdrawalsService, type WithdrawalsService } from './withdrawals-service.js';
export { PAYOUT_WEBHOOK_PATH, withdrawalsRoutes } from './withdrawals-routes.js';
