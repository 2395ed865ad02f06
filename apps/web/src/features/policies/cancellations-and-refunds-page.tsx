import { REFUND_WINDOW_HOURS, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import { PolicyLink, SupportContact, SupportEmailLink } from './components/policy-links.tsx';

const sections: readonly PolicySection[] = [
  {
    id: 'sales-final',
    title: 'All sales are final',
    content: (
      <>
        <p>
          Each unlock gives you instant access to digital content for {UNLOCK_WINDOW_DAYS} days. Because the content is
          delivered the moment you pay, <strong>all sales are final</strong> and we don’t offer refunds if you simply
          change your mind.
        </p>
        <p>
          There is nothing to cancel later: unlocks are one-off purchases, not subscriptions, so nothing renews and we
          never charge a cancellation fee.
        </p>
      </>
    ),
  },
  {
    id: 'when-we-refund',
    title: 'When we do refund',
    content: (
      <>
        <p>
          Contact support <strong>within {REFUND_WINDOW_HOURS} hours of your purchase</strong> and we will look into it
          if:
        </p>
        <ul>
          <li>
            <strong>There was a technical issue:</strong> you paid but the item didn’t unlock, or it won’t load, play or
            download, and we can’t fix it for you.
          </li>
          <li>
            <strong>You bought something by accident:</strong> for example, you tapped unlock on the wrong item or were
            charged twice for the same one.
          </li>
          <li>
            <strong>The content is not what was described:</strong> it is materially different from its title,
            description or preview.
          </li>
        </ul>
        <p>
          If you were charged but never received access at all, we will always put it right, even if you tell us after{' '}
          {REFUND_WINDOW_HOURS} hours.
        </p>
        <p>
          Some refunds need no request at all. We refund you automatically when a payment cannot buy what it was for: a
          second payment for an item you already have, a payment that arrives after the checkout expired for an item
          that was removed or repriced meanwhile (or more than a day late), or a payment for an item removed before it
          arrived. If we take an item down for breaking our rules, everyone whose access was still running is refunded
          and told why. A creator may also refund a sale of her own.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-ask',
    title: 'How to ask for a refund',
    content: (
      <>
        <p>
          The quickest way: open <PolicyLink to="/purchases">your purchases</PolicyLink>, choose{' '}
          <strong>Report a problem</strong> on the purchase, say what went wrong, and send. You get a ticket number by
          email at once, and our answer by email within 24 hours.
        </p>
        <p>
          You can also write to <SupportEmailLink subject="Refund request" /> or use our{' '}
          <PolicyLink to="/ContactUs">contact form</PolicyLink>, and include:
        </p>
        <ul>
          <li>the email address of your Kholo account;</li>
          <li>the item’s title or link, and the creator’s name;</li>
          <li>your order ID or the payment reference from your bank or UPI app, if you have it;</li>
          <li>what went wrong.</li>
        </ul>
        <p>
          We acknowledge every request within 48 hours and give you a reference number. Most requests are settled within
          a few working days, and always within one month.
        </p>
      </>
    ),
  },
  {
    id: 'how-refunds-are-paid',
    title: 'How refunds are paid',
    content: (
      <>
        <p>
          Approved refunds go back to <strong>the payment method you used</strong>, through our payment provider. We
          can’t refund to a different account, UPI ID or card, and we never refund in cash or as Kholo credit.
        </p>
        <ul>
          <li>UPI: usually within 1 to 3 working days.</li>
          <li>Debit or credit card: usually within 5 to 7 working days, depending on your bank.</li>
          <li>Net banking: usually within 5 to 7 working days, depending on your bank.</li>
        </ul>
        <p>
          When a purchase is refunded, your access to that item ends. If the money hasn’t reached you within these
          times, please check with your bank first, then write to us and we will share the refund reference.
        </p>
      </>
    ),
  },
  {
    id: 'creators',
    title: 'What a refund means for creators',
    content: (
      <p>
        When we refund a fan, the creator’s earnings from that sale and our platform fee on it are both reversed; Kholo
        bears the payment provider’s fees. If her wallet no longer holds her share (she has withdrawn it), the rest is
        taken from her next sales before she can withdraw again. A creator may refund a sale of her own within 7 days of
        the payment, from her wallet. If a fan’s bank disputes a payment, the creator’s share of it is held until the
        bank decides. We refund only in the cases described above, so creators can count on the rest of their sales.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about this policy: <SupportContact />. If you are not satisfied with how we handled your request, you
        can also complain to our <PolicyLink to="/grievance">Grievance Officer</PolicyLink>.
      </p>
    ),
  },
];

export function CancellationsAndRefundsPage() {
  return (
    <PolicyPage
      title="Cancellations and Refunds"
      description={`All sales are final, with the exceptions here: when Kholo refunds a purchase, how to ask within ${REFUND_WINDOW_HOURS} hours, and when the money reaches you.`}
      summary={
        <p>
          All sales are final. If something went wrong, a technical issue or an accidental purchase, contact support
          within {REFUND_WINDOW_HOURS} hours and we’ll refund you to your original payment method where it applies.
        </p>
      }
      sections={sections}
    />
  );
}
