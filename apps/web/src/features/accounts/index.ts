// The accounts feature as other features see it: who is signed in, the login dialogs, logout,
// and whether a creator's handle is free.
export { HandleStatusText, useHandleStatus } from './components/handle-status.tsx';
export { meQueryKey, storeMe, useMe, VISITOR } from './api/get-me.ts';
export { useSignIn } from './api/sign-in.ts';
export { AuthDialogProvider } from './components/auth-dialog-provider.tsx';
export { CodeSignInForm, type CodeSignInFormProps } from './components/code-sign-in-form.tsx';
export {
  authDialogTrigger,
  useAuthDialog,
  type AuthAudience,
  type AuthDialogApi,
  type OpenAuthDialogOptions,
} from './hooks/use-auth-dialog.ts';
export { useLogout } from './hooks/use-logout.ts';
export { clearPendingUnlock, rememberPendingUnlock, takePendingUnlock } from './pending-unlock.ts';
export { CREATOR_CACHE_KEY, FAN_CACHE_KEY } from './session-cache.ts';
