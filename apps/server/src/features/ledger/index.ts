/** The ledger (DESIGN §3, ADR 017): the one module that moves money and caches balances. */
export {
  BalanceRefused,
  balanceOf,
  type CachedBalance,
  checkLedger,
  type CreatorAccount,
  type LedgerInvariantReport,
  type LedgerLine,
  type LedgerSubject,
  type PostedTransaction,
  type Posting,
  post,
  saleSplits,
} from './ledger.js';
export { splitSale } from './platform-fee.js';
export { type AdminActor, createWalletAdjustments, type WalletAdjustments } from './wallet-adjustments.js';
