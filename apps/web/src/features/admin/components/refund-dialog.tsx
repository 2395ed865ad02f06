import { formatPaise } from '@kholo/contracts';
import { useT } from '../../../lib/i18n/index.ts';
import { ReasonDialog } from './admin-dialogs.tsx';
import { ENGLISH_WORDS, type AdminWords } from './admin-format.ts';

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
export function refundTitle(
  target: Pick<RefundTarget, 'amountPaise' | 'fanEmail'>,
  { t, locale }: AdminWords = ENGLISH_WORDS,
): string {
  return t('adminPayments.refundDialog.title', {
    amount: formatPaise(target.amountPaise, locale),
    email: target.fanEmail,
  });
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
  const words = useT();
  const { t, locale } = words;
  const amount = formatPaise(target.amountPaise, locale);
  return (
    <ReasonDialog
      title={refundTitle(target, words)}
      description={
        <>
          <p>
            {t('adminPayments.refundDialog.what', {
              title: target.contentTitle,
              handle: target.creatorHandle,
              order: target.orderId,
            })}
          </p>
          <p className="mt-2">{t('adminPayments.refundDialog.effect')}</p>
        </>
      }
      confirmLabel={t('adminPayments.refundDialog.confirm', { amount })}
      busyLabel={t('adminPayments.refundDialog.busy')}
      confirmVariant="danger"
      reasonHint={t('adminPayments.refundDialog.hint')}
      {...(target.defaultReason === undefined ? {} : { defaultReason: target.defaultReason })}
      send={send}
      pending={pending}
      onClose={onClose}
    />
  );
}
