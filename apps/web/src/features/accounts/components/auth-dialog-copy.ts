import { EMAIL_CODE_LENGTH, UNLOCK_WINDOW_DAYS, type Me } from '@kholo/contracts';
import type { AuthAudience } from '../hooks/use-auth-dialog.ts';

export interface AudienceCopy {
  badge: string;
  login: { title: string; description: string };
  signup: { title: string; description: string };
  nameLabel: string;
  toSignup: readonly [prompt: string, action: string];
  toLogin: readonly [prompt: string, action: string];
  switchAudience: readonly [prompt: string, action: string];
}

// The same flows with each audience's wording (SPEC §2 "Login dialogs").
export const AUDIENCE_COPY: Record<AuthAudience, AudienceCopy> = {
  creator: {
    badge: 'For creators',
    login: { title: 'Welcome back', description: 'Log in to your creator dashboard.' },
    signup: {
      title: 'Start selling on Kholo',
      description: 'Create your creator account. No monthly fees, only a small platform fee per unlock.',
    },
    nameLabel: 'Full Name',
    toSignup: ['New to Kholo?', 'Create a creator account'],
    toLogin: ['Already have an account?', 'Log in'],
    switchAudience: ['Here to unlock content?', 'Fan login'],
  },
  fan: {
    badge: 'For fans',
    login: {
      title: 'Log in to unlock content',
      description: `Pay by UPI, card or net banking and keep access for ${UNLOCK_WINDOW_DAYS} days.`,
    },
    signup: {
      title: 'Create a fan account',
      description: `Unlock photos and videos from creators you love. Each unlock lasts ${UNLOCK_WINDOW_DAYS} days.`,
    },
    nameLabel: 'Name',
    toSignup: ['New here?', 'Create a fan account'],
    toLogin: ['Already have a fan account?', 'Log in'],
    switchAudience: ['Are you a creator?', 'Creator login'],
  },
};

export const FORGOT_COPY = {
  title: 'Reset your password',
  description: 'Enter the email you use on Kholo and we’ll send you a link to set a new password.',
};

/** The login form's way to the code form. */
export const EMAIL_ME_A_CODE = 'Email me a code instead';

export const CODE_COPY = {
  title: 'Log in with a code',
  description: `We’ll email you a ${EMAIL_CODE_LENGTH}-digit code. No password needed.`,
  /** Once it is sent; the description is then the server's "We sent a 6-digit code to…". */
  sentTitle: 'Check your email',
};

/** "Start selling on Kholo?": asked of an account without a creator page, before it gets one. */
export const START_SELLING_COPY = {
  title: 'Start selling on Kholo?',
  description: (email: string) =>
    `You’re logged in as ${email}. Your account has no creator page, and gets one only if you say yes.`,
};

/** How the person got in: it decides whether the toast may say "Welcome back". */
export type SignedInVia = 'password' | 'signup' | 'code';

function firstName(me: Me): string {
  const name = me.account?.name.trim() ?? '';
  return name.split(/\s+/)[0] ?? '';
}

function hello(me: Me): string {
  const first = firstName(me);
  return first ? `, ${first}` : '';
}

/** The toast after a login or sign-up. */
export function signedInMessage(audience: AuthAudience, via: SignedInVia, me: Me): string {
  if (via === 'signup') {
    return audience === 'creator'
      ? `Welcome to Kholo${hello(me)}! Your creator account is ready.`
      : `Welcome to Kholo${hello(me)}! You can unlock content now.`;
  }
  // A code may have just made the account (an address Kholo had not seen): not "welcome back".
  return via === 'code' ? `You’re logged in${hello(me)}.` : `Welcome back${hello(me)}!`;
}

/** The toast once she said yes to "Start selling on Kholo?". */
export function startedSellingMessage(me: Me): string {
  const handle = me.creator?.handle;
  return handle ? `Your creator page is ready: /u/${handle}` : 'Your creator page is ready.';
}

/** Under the toast when she said "Not now": where the question waits for her. */
export const START_SELLING_LATER = 'You can start selling any time from the menu under your name.';
