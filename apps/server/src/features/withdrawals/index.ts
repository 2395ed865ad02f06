// Withdrawals (SPEC §7, ADR 012, ADR 017): a creator takes her whole balance out to UPI; the admin
// marks it paid or rejects it. Each step is a ledger posting.
export { createWithdrawalsRepository, type WithdrawalsRepository } from './withdrawals-repository.js';
export { createWithdrawalsService, type WithdrawalsService } from './withdrawals-service.js';
export { withdrawalsRoutes } from './withdrawals-routes.js';
