/** The ledger (DESIGN §3, ADR 017): the one module that moves money and caches balances. */
export {
  BalanceRefused,
  type CachedBalance,
  createLedger,
  type CreatorAccount,
  type CreatorBalances,
  creditLines,
  debitLines,
  type Ledger,
  type LedgerInvariantReport,
  type LedgerLine,
  type LedgerSubject,
  type PostedTransaction,
  type Posting,
} from './ledger.js';
export { splitSale } from './platform-fee.js';
export { type AdminActor, createWalletAdjustments, type WalletAdjustments } from './wallet-adjustments.js';
