import type { CreatorProfile, FanProfile, Me } from '@kholo/contracts';

export const CREATOR_PROFILE: CreatorProfile = {
  id: 'creator_1',
  handle: 'priya-sharma',
  name: 'Priya Sharma',
  email: 'priya@example.in',
  bio: null,
  avatarUrl: null,
  walletBalancePaise: 1_250_00,
  suspendedReason: null,
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
};
