// The fan's purchases and receipts (issue 22); the router imports the pages lazily.
export { PurchasesPage } from './purchases-page.tsx';
export { ReceiptPage } from './receipt-page.tsx';
