import { formatPaise } from '@kholo/contracts';
import { ReasonDialog } from './admin-dialogs.tsx';

/** What a refund is about: enough to say it in the confirmation. */
export interface RefundTarget {
  orderId: string;
  amountPaise: number;
  fanEmail: string;
  contentTitle: string;
  creatorHandle: string;
  /** Prefilled when the refund answers a fan's ticket. */
  defaultReason?: string;
}

/** "Refund ₹49 to fan@example.com?": the title names the amount and who gets it. */
export function refundTitle(target: Pick<RefundTarget, 'amountPaise' | 'fanEmail'>): string {
  return `Refund ${formatPaise(target.amountPaise)} to ${target.fanEmail}?`;
}

/**
 * The admin's refund: a reason (required, told to the fan), and the confirmation says the amount,
 * to whom, and what follows: the fan's access ends, the creator's share comes out of her wallet.
 */
export function RefundDialog({
  target,
  send,
  pending,
  onClose,
}: {
  target: RefundTarget;
  send: (reason: string) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <ReasonDialog
      title={refundTitle(target)}
      description={
        <>
          <p>
            For “{target.contentTitle}” by @{target.creatorHandle} (order {target.orderId}).
          </p>
          <p className="mt-2">
            The whole payment goes back the way the fan paid, and their access ends now. The creator’s share comes out
            of her wallet; what it cannot cover comes out of her next sales.
          </p>
        </>
      }
      confirmLabel={`Refund ${formatPaise(target.amountPaise)}`}
      busyLabel="Refunding..."
      confirmVariant="danger"
      reasonHint="The fan sees this reason in their email and on their purchases page."
      {...(target.defaultReason === undefined ? {} : { defaultReason: target.defaultReason })}
      send={send}
      pending={pending}
      onClose={onClose}
    />
  );
}
