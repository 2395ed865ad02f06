// The parts of a creator's page that the content page shows too (the page itself is a lazy route).
export { AccessBadge, AdultBadge, VideoBadge } from './components/access-badge.tsx';
export { AGE_CONFIRM_LABEL, AgeGate } from './components/age-gate.tsx';
export { LockedPreview } from './components/content-card.tsx';
export { ContentVideo } from './components/content-video.tsx';
export { CreatorAvatar } from './components/creator-avatar.tsx';
export { DownloadButton } from './components/download-button.tsx';
export { PageLoadError } from './components/page-load-error.tsx';
export { AGE_CONFIRMED_KEY, needsAgeGate, resetAdultAgeConfirmation, useAgeConfirmation } from '../catalog/index.ts';
export { useUnlockAction } from '../payments/index.ts';
