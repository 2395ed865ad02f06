import { type CreatorProfile, type FanProfile, type Me, PRIVACY_VERSION, TERMS_VERSION } from '@kholo/contracts';

/** Accepted the Terms and Privacy Policy in force. */
export const POLICIES_ACCEPTED: NonNullable<Me['policies']> = {
  needsAcceptance: false,
  termsVersion: TERMS_VERSION,
  privacyVersion: PRIVACY_VERSION,
};

export const CREATOR_PROFILE: CreatorProfile = {
  id: 'creator_1',
  handle: 'priya-sharma',
  name: 'Priya Sharma',
  email: 'priya@example.in',
  bio: null,
  avatarUrl: null,
  walletBalancePaise: 1_250_00,
  suspendedReason: null,
  instagramBioDone: false,
  createdAt: 1_763_700_000_000,
};

export const FAN_PROFILE: FanProfile = {
  id: 'fan_1',
  name: 'Arjun Mehta',
  email: 'arjun@example.in',
  createdAt: 1_763_700_000_000,
};

export const CREATOR_ME: Me = {
  account: {
    id: 'account_1',
    name: 'Priya Sharma',
    email: 'priya@example.in',
    isAdmin: false,
    hasPassword: true,
    emailVerified: true,
  },
  creator: CREATOR_PROFILE,
  fan: null,
  policies: POLICIES_ACCEPTED,
};

export const FAN_ME: Me = {
  account: {
    id: 'account_2',
    name: 'Arjun Mehta',
    email: 'arjun@example.in',
    isAdmin: false,
    hasPassword: true,
    emailVerified: true,
  },
  creator: null,
  fan: FAN_PROFILE,
  policies: POLICIES_ACCEPTED,
};

export const ADMIN_ME: Me = {
  account: {
    id: 'account_0',
    name: 'Kholo Admin',
    email: 'admin@kholo.in',
    isAdmin: true,
    hasPassword: true,
    emailVerified: true,
  },
  creator: null,
  fan: null,
  policies: { needsAcceptance: false, termsVersion: null, privacyVersion: null },
};
