import { UNLOCK_WINDOW_DAYS, type Me } from '@kholo/contracts';
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

function firstName(me: Me): string {
  const name = me.account?.name.trim() ?? '';
  return name.split(/\s+/)[0] ?? '';
}

/** The toast after a login or sign-up. */
export function signedInMessage(audience: AuthAudience, signup: boolean, me: Me): string {
  const first = firstName(me);
  const hello = first ? `, ${first}` : '';
  if (signup) {
    return audience === 'creator'
      ? `Welcome to Kholo${hello}! Your creator account is ready.`
      : `Welcome to Kholo${hello}! You can unlock content now.`;
  }
  return `Welcome back${hello}!`;
}
