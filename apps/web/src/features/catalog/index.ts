// What is on sale and what the viewer may see of it: the creator page, one item and the fan's
// unlocks, read by the creator page, the content page and the payment flow alike.
export { contentQueryKey, contentQueryRoot, getContent, useContent } from './api/get-content.ts';
export { creatorPageQueryKey, creatorPageQueryRoot, useCreatorPage } from './api/get-creator-page.ts';
export { fanUnlocksQueryKey, fanUnlocksQueryRoot, useFanUnlocks } from './api/get-fan-unlocks.ts';
export { purchasesQueryKey, refreshAccess } from './api/refresh-access.ts';
// The tab's 18+ answer (DESIGN §7): the creator page and the content page gate previews with it,
// the unlock dialog asks it before paying.
export {
  AGE_CONFIRMED_KEY,
  needsAgeGate,
  resetAdultAgeConfirmation,
  useAgeConfirmation,
} from './hooks/use-age-confirmation.ts';
