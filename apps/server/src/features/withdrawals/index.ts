// Withdrawals: creators ask for their balance, the admin pays or rejects. What the wiring uses
// today; the lead refines it (issue 19).
export { createWithdrawalsService } from './withdrawals-service.js';
export { withdrawalsRoutes } from './withdrawals-routes.js';
