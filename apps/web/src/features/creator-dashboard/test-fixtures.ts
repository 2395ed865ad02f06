import type {
  PayoutAccount,
  StudioContent,
  StudioContents,
  WalletEntry,
  WalletResponse,
  Withdrawal,
} from '@kholo/contracts';
import { vi } from 'vitest';
import { CREATOR_PROFILE } from '../../test-fixtures/accounts.ts';

function media(id: string, mime: string) {
  return {
    url: `/api/contents/${id}/media`,
    downloadUrl: `/api/contents/${id}/download`,
    mime,
    sizeBytes: 2_400_000,
    width: 1600,
    height: 1200,
    durationMs: mime.startsWith('video/') ? 12_000 : null,
  };
}

export const IMAGE_ITEM: StudioContent = {
  id: 'content_1',
  creatorId: CREATOR_PROFILE.id,
  title: 'Sunset over Marine Drive',
  description: 'Golden hour in Mumbai, full resolution.',
  pricePaise: 499_00,
  isAdultContent: false,
  mediaKind: 'image',
  previewUrl: '/api/contents/content_1/preview',
  createdAt: 1_763_700_000_000,
  updatedAt: 1_763_700_000_000,
  access: { kind: 'owner' },
  media: media('content_1', 'image/jpeg'),
  unlocks: 3,
  earningsPaise: 1_422_15,
  hiddenReason: null,
  takedown: null,
  processing: null,
};

/** Newer than IMAGE_ITEM, so it comes first. */
export const VIDEO_ITEM: StudioContent = {
  id: 'content_2',
  creatorId: CREATOR_PROFILE.id,
  title: 'Behind the scenes: horror shoot',
  description: 'Fake blood and all.',
  pricePaise: 49_50,
  isAdultContent: true,
  mediaKind: 'video',
  previewUrl: '/api/contents/content_2/preview',
  createdAt: 1_763_900_000_000,
  updatedAt: 1_763_900_000_000,
  access: { kind: 'owner' },
  media: media('content_2', 'video/mp4'),
  unlocks: 1,
  earningsPaise: 47_03,
  hiddenReason: null,
  takedown: null,
  processing: null,
};

export const STUDIO_CONTENTS: StudioContents = {
  // Oldest first on purpose: the list must show the newest first whatever the order.
  items: [IMAGE_ITEM, VIDEO_ITEM],
  summary: { walletBalancePaise: 1_250_00, contentCount: 2, earningsPaise: 1_23_456_00 },
};

export const EMPTY_STUDIO: StudioContents = {
  items: [],
  summary: { walletBalancePaise: 0, contentCount: 0, earningsPaise: 0 },
};

/**
 * A stand-in for XMLHttpRequest that records what was sent and lets a test drive the upload:
 * `progress(loaded, total)`, then `respond(status, body)` or `fail()`.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  static install(): typeof FakeXhr {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return FakeXhr;
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('No XMLHttpRequest was sent');
    return xhr;
  }

  method = '';
  url = '';
  body: FormData | null = null;
  readonly headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData): void {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }
}

export const SALE_ENTRY: Extract<WalletEntry, { kind: 'sale' }> = {
  kind: 'sale',
  id: 'entry_sale_1',
  at: 1_763_900_000_000,
  amountPaise: 141_55,
  orderId: 'order_1',
  contentId: IMAGE_ITEM.id,
  contentTitle: IMAGE_ITEM.title,
  pricePaise: 149_00,
  feePaise: 7_45,
  recoveredPaise: 0,
  refundable: false,
  refundedAt: null,
};

/** A withdrawal with nothing happened to it yet; tests override what they need. */
export function withdrawalFixture(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'withdrawal_x',
    amountPaise: 762_38,
    upiId: 'meera.rathore@okaxis',
    payeeName: 'MEERA RATHORE',
    status: 'REQUESTED',
    requestedAt: 1_764_200_000_000,
    reviewReasons: [],
    approvedAt: null,
    sentAt: null,
    resolvedAt: null,
    reversedAt: null,
    paymentReference: null,
    rejectionReason: null,
    waitingForFunds: false,
    ...overrides,
  };
}

/** Paid automatically after its first-payout review: approved, sent, paid with the bank's UTR. */
export const PAID_WITHDRAWAL: Withdrawal = withdrawalFixture({
  id: 'withdrawal_1',
  amountPaise: 600_00,
  upiId: 'asha@okicici',
  payeeName: 'ASHA RAO',
  status: 'PAID',
  requestedAt: 1_764_000_000_000,
  reviewReasons: ['first_payout'],
  approvedAt: 1_764_003_600_000,
  sentAt: 1_764_003_605_000,
  resolvedAt: 1_764_003_650_000,
  paymentReference: '432187654321',
});

/** Rejected by the admin in review: the money came back (the reversal entry). */
export const REJECTED_WITHDRAWAL: Withdrawal = withdrawalFixture({
  id: 'withdrawal_2',
  amountPaise: 700_00,
  upiId: 'priya.old@oksbi',
  payeeName: null,
  status: 'REJECTED',
  requestedAt: 1_763_950_000_000,
  reviewReasons: ['new_upi_id'],
  resolvedAt: 1_763_960_000_000,
  rejectionReason: 'The UPI ID does not exist.',
});

/** Waiting for the admin's check: a UPI ID other than the saved payout account. */
export const REVIEW_WITHDRAWAL: Withdrawal = withdrawalFixture({
  id: 'withdrawal_3',
  amountPaise: 800_00,
  upiId: 'priya@okhdfcbank',
  payeeName: 'PRIYA SHARMA',
  status: 'REVIEW',
  requestedAt: 1_764_200_000_000,
  reviewReasons: ['new_upi_id', 'first_payout'],
});

/** Held and about to be sent by itself. */
export const REQUESTED_WITHDRAWAL: Withdrawal = withdrawalFixture({
  id: 'withdrawal_4',
  amountPaise: 800_00,
  upiId: 'priya.sharma@okaxis',
  payeeName: 'PRIYA SHARMA',
  status: 'REQUESTED',
  requestedAt: 1_764_200_000_000,
});

/** Where Priya is paid: her own name at the bank, nothing waiting for review. */
export const PAYOUT_ACCOUNT: PayoutAccount = {
  upiId: 'priya.sharma@okaxis',
  verifiedName: 'PRIYA SHARMA',
  legalName: 'Priya Sharma',
  panMasked: 'ABCDE****F',
  status: 'verified',
  nameMatches: true,
  verifiedAt: 1_763_000_000_000,
  updatedAt: 1_763_000_000_000,
};

/** GET /api/studio/payout-account before she has saved one: 200 with null. */
export const NO_PAYOUT_ACCOUNT = null;

/** Every kind of entry, newest first as the server sends them; the entries sum to the balance. */
export const WALLET: WalletResponse = {
  balancePaise: 1_424_53,
  pendingWithdrawalPaise: 800_00,
  owedPaise: 0,
  heldPaise: 0,
  history: [
    {
      kind: 'withdrawal',
      id: 'entry_w3',
      at: REVIEW_WITHDRAWAL.requestedAt,
      amountPaise: -800_00,
      withdrawal: REVIEW_WITHDRAWAL,
    },
    {
      kind: 'adjustment',
      id: 'entry_adj',
      at: 1_764_150_000_000,
      amountPaise: 25_00,
      memo: 'Goodwill credit for a failed payout',
    },
    {
      kind: 'withdrawal',
      id: 'entry_w1',
      at: PAID_WITHDRAWAL.requestedAt,
      amountPaise: -600_00,
      withdrawal: PAID_WITHDRAWAL,
    },
    {
      kind: 'withdrawal_reversal',
      id: 'entry_rev',
      at: 1_763_960_000_000,
      amountPaise: 700_00,
      withdrawalId: REJECTED_WITHDRAWAL.id,
      reason: 'The UPI ID does not exist.',
    },
    {
      kind: 'withdrawal',
      id: 'entry_w2',
      at: REJECTED_WITHDRAWAL.requestedAt,
      amountPaise: -700_00,
      withdrawal: REJECTED_WITHDRAWAL,
    },
    SALE_ENTRY,
    {
      kind: 'sale',
      id: 'entry_sale_0',
      at: 1_763_800_000_000,
      amountPaise: 2_657_98,
      orderId: 'order_0',
      contentId: VIDEO_ITEM.id,
      contentTitle: VIDEO_ITEM.title,
      pricePaise: 2_797_87,
      feePaise: 139_89,
      recoveredPaise: 0,
      refundable: false,
      refundedAt: null,
    },
  ],
  hasMore: false,
};

export const EMPTY_WALLET: WalletResponse = {
  balancePaise: 0,
  pendingWithdrawalPaise: 0,
  owedPaise: 0,
  heldPaise: 0,
  history: [],
  hasMore: false,
};
