// Paying for an item: the unlock dialog, opened through its provider and hook.
export { preloadUnlockDialog, UnlockDialogProvider } from './components/unlock-dialog-provider.tsx';
export { useUnlockDialog, type OpenUnlockDialogOptions, type UnlockTarget } from './hooks/use-unlock-dialog.ts';
