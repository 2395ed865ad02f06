// Paying for an item: the unlock dialog (opened through its provider and hook, or by what every
// Unlock button does), and the server's word on an order with the words for it.
export { verifyPayment } from './api/verify-payment.ts';
export { preloadUnlockDialog, UnlockDialogProvider } from './components/unlock-dialog-provider.tsx';
export { useUnlockAction } from './hooks/use-unlock-action.ts';
export { useUnlockDialog, type OpenUnlockDialogOptions, type UnlockTarget } from './hooks/use-unlock-dialog.ts';
export { PAYMENT_DECLINED_MESSAGE, PAYMENT_EXPIRED_MESSAGE, PAYMENT_REFUNDED_MESSAGE } from './payment-wording.ts';
