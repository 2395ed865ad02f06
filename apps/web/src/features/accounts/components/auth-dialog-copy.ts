import { EMAIL_CODE_LENGTH, UNLOCK_WINDOW_DAYS, type Me } from '@kholo/contracts';
import type { Translator } from '../../../lib/i18n/index.ts';
import type { AuthAudience } from '../hooks/use-auth-dialog.ts';

type T = Translator['t'];

export interface AudienceCopy {
  badge: string;
  login: { title: string; description: string };
  signup: { title: string; description: string };
  nameLabel: string;
  toSignup: readonly [prompt: string, action: string];
  toLogin: readonly [prompt: string, action: string];
  switchAudience: readonly [prompt: string, action: string];
}

/** The same flows with each audience's wording (SPEC §2 "Login dialogs"), in the interface's language. */
export function audienceCopy(t: T, audience: AuthAudience): AudienceCopy {
  if (audience === 'creator') {
    return {
      badge: t('accounts.creator.badge'),
      login: { title: t('accounts.creator.loginTitle'), description: t('accounts.creator.loginDescription') },
      signup: { title: t('accounts.creator.signupTitle'), description: t('accounts.creator.signupDescription') },
      nameLabel: t('accounts.creator.nameLabel'),
      toSignup: [t('accounts.creator.toSignupPrompt'), t('accounts.creator.toSignupAction')],
      toLogin: [t('accounts.creator.toLoginPrompt'), t('accounts.form.logIn')],
      switchAudience: [t('accounts.creator.switchPrompt'), t('accounts.creator.switchAction')],
    };
  }
  const days = { days: UNLOCK_WINDOW_DAYS };
  return {
    badge: t('accounts.fan.badge'),
    login: { title: t('accounts.fan.loginTitle'), description: t('accounts.fan.loginDescription', days) },
    signup: { title: t('accounts.fan.signupTitle'), description: t('accounts.fan.signupDescription', days) },
    nameLabel: t('accounts.fan.nameLabel'),
    toSignup: [t('accounts.fan.toSignupPrompt'), t('accounts.fan.toSignupAction')],
    toLogin: [t('accounts.fan.toLoginPrompt'), t('accounts.form.logIn')],
    switchAudience: [t('accounts.fan.switchPrompt'), t('accounts.fan.switchAction')],
  };
}

export function forgotCopy(t: T) {
  return { title: t('accounts.forgot.title'), description: t('accounts.forgot.description') };
}

export function codeCopy(t: T) {
  return {
    title: t('accounts.code.title'),
    description: t('accounts.code.description', { length: EMAIL_CODE_LENGTH }),
    /** Once it is sent; the description is then the server's "We sent a 6-digit code to…". */
    sentTitle: t('accounts.code.sentTitle'),
  };
}

/** "Start selling on Kholo?": asked of an account without a creator page, before it gets one. */
export function startSellingCopy(t: T, email: string) {
  return { title: t('accounts.startSelling.title'), description: t('accounts.startSelling.description', { email }) };
}

/** How the person got in: it decides whether the toast may say "Welcome back". */
export type SignedInVia = 'password' | 'signup' | 'code';

function firstName(me: Me): string {
  const name = me.account?.name.trim() ?? '';
  return name.split(/\s+/)[0] ?? '';
}

/** The toast after a login or sign-up. */
export function signedInMessage(t: T, audience: AuthAudience, via: SignedInVia, me: Me): string {
  const name = firstName(me);
  const named = name !== '';
  if (via === 'signup') {
    if (audience === 'creator') {
      return named ? t('accounts.welcome.creatorNamed', { name }) : t('accounts.welcome.creator');
    }
    return named ? t('accounts.welcome.fanNamed', { name }) : t('accounts.welcome.fan');
  }
  // A code may have just made the account (an address Kholo had not seen): not "welcome back".
  if (via === 'code') return named ? t('accounts.welcome.codeNamed', { name }) : t('accounts.welcome.code');
  return named ? t('accounts.welcome.backNamed', { name }) : t('accounts.welcome.back');
}

/** The toast once she said yes to "Start selling on Kholo?". */
export function startedSellingMessage(t: T, me: Me): string {
  const handle = me.creator?.handle;
  return handle
    ? t('accounts.startSelling.pageReadyAt', { path: `/u/${handle}` })
    : t('accounts.startSelling.pageReady');
}
