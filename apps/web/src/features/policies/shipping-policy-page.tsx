import { REFUND_WINDOW_HOURS, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import { PolicyLink, SupportContact } from './components/policy-links.tsx';

const sections: readonly PolicySection[] = [
  {
    id: 'what-you-buy',
    title: 'What you are buying',
    content: (
      <>
        <p>
          Kholo is a marketplace for digital content. When you unlock a photo or video, you buy{' '}
          <strong>{UNLOCK_WINDOW_DAYS} days of access</strong> to view and download that item for your own personal use.
          You are not buying a physical product, a copy on a disc or drive, or the right to share it.
        </p>
        <p>
          <strong>Nothing physical is ever shipped</strong>, so there are no shipping charges, no delivery address and
          no courier.
        </p>
      </>
    ),
  },
  {
    id: 'delivery',
    title: 'How and when it is delivered',
    content: (
      <>
        <p>
          Delivery is digital and <strong>instant</strong>. As soon as our payment provider confirms your payment, the
          item unlocks in your Kholo account and you are taken straight to it. You can then view it in your browser and
          download it.
        </p>
        <p>
          Most payments are confirmed within seconds. Occasionally a bank takes a few minutes to confirm; the payment
          page keeps checking and unlocks the item as soon as the confirmation arrives. You will never be asked to pay
          again for the same item while your access is active.
        </p>
      </>
    ),
  },
  {
    id: 'access-window',
    title: 'How long access lasts',
    content: (
      <>
        <p>
          Access lasts {UNLOCK_WINDOW_DAYS} days from the moment your payment is confirmed. The item shows how many days
          you have left. After {UNLOCK_WINDOW_DAYS} days it locks again; if you want to see it again, you can unlock it
          again at the price shown at that time.
        </p>
        <p>
          Unlocks are one-off purchases, not subscriptions. <strong>Nothing renews automatically</strong> and you are
          never charged again without choosing to pay.
        </p>
      </>
    ),
  },
  {
    id: 'price',
    title: 'Price and payment',
    content: (
      <p>
        Prices are set by each creator and shown in Indian rupees (₹). The price on the unlock button is the full price
        you pay; Kholo’s small platform fee is included in it, never added at checkout. You can pay with UPI, debit or
        credit cards, or net banking through our payment provider.
      </p>
    ),
  },
  {
    id: 'delivery-problems',
    title: 'If something goes wrong',
    content: (
      <p>
        If you paid but the item is still locked, or it will not load or play, contact us within {REFUND_WINDOW_HOURS}{' '}
        hours at <SupportContact /> with the email you paid with and your order ID if you have it. If we can’t fix it,
        we will refund you as described in our <PolicyLink to="/CancellationsAndRefunds">refund policy</PolicyLink>.
      </p>
    ),
  },
];

export function ShippingPolicyPage() {
  return (
    <PolicyPage
      title="Shipping Policy"
      description={`Kholo sells digital access only: nothing is shipped, and an unlock opens the photo or video at once for ${UNLOCK_WINDOW_DAYS} days.`}
      summary={
        <p>
          Kholo sells digital access only. Nothing physical is shipped: your photo or video unlocks instantly in your
          account after payment, and stays available for {UNLOCK_WINDOW_DAYS} days.
        </p>
      }
      sections={sections}
    />
  );
}
