/**
 * The Cancellations and Refunds page (server-rendered, ADR 027). `<b>` is bold; `<purchases>`,
 * `<contactForm>` and `<grievance>` are links; `{contact}` and `{email}` the support details.
 */
export const policyRefundsEn = {
  'policyRefunds.title': 'Cancellations and Refunds',
  'policyRefunds.description':
    'All sales are final, with the exceptions here: when Kholo refunds a purchase, how to ask within {hours} hours, and when the money reaches you.',
  'policyRefunds.summary':
    'All sales are final. If something went wrong, a technical issue or an accidental purchase, contact support within {hours} hours and we’ll refund you to your original payment method where it applies.',
  'policyRefunds.final.title': 'All sales are final',
  'policyRefunds.final.p1':
    'Each unlock gives you instant access to digital content for {days} days. Because the content is delivered the moment you pay, <b>all sales are final</b> and we don’t offer refunds if you simply change your mind.',
  'policyRefunds.final.p2':
    'There is nothing to cancel later: unlocks are one-off purchases, not subscriptions, so nothing renews and we never charge a cancellation fee.',
  'policyRefunds.when.title': 'When we do refund',
  'policyRefunds.when.intro':
    'Contact support <b>within {hours} hours of your purchase</b> and we will look into it if:',
  'policyRefunds.when.technical':
    '<b>There was a technical issue:</b> you paid but the item didn’t unlock, or it won’t load, play or download, and we can’t fix it for you.',
  'policyRefunds.when.accident':
    '<b>You bought something by accident:</b> for example, you tapped unlock on the wrong item or were charged twice for the same one.',
  'policyRefunds.when.notDescribed':
    '<b>The content is not what was described:</b> it is materially different from its title, description or preview.',
  'policyRefunds.when.neverReceived':
    'If you were charged but never received access at all, we will always put it right, even if you tell us after {hours} hours.',
  'policyRefunds.when.automatic':
    'Some refunds need no request at all. We refund you automatically when a payment cannot buy what it was for: a second payment for an item you already have, a payment that arrives after the checkout expired for an item that was removed or repriced meanwhile (or more than a day late), or a payment for an item removed before it arrived. If we take an item down for breaking our rules, everyone whose access was still running is refunded and told why. A creator may also refund a sale of her own.',
  'policyRefunds.ask.title': 'How to ask for a refund',
  'policyRefunds.ask.p1':
    'The quickest way: open <purchases>your purchases</purchases>, choose <b>Report a problem</b> on the purchase, say what went wrong, and send. You get a ticket number by email at once, and our answer by email within 24 hours.',
  'policyRefunds.ask.p2':
    'You can also write to {email} or use our <contactForm>contact form</contactForm>, and include:',
  'policyRefunds.ask.email': 'the email address of your Kholo account;',
  'policyRefunds.ask.item': 'the item’s title or link, and the creator’s name;',
  'policyRefunds.ask.order': 'your order ID or the payment reference from your bank or UPI app, if you have it;',
  'policyRefunds.ask.what': 'what went wrong.',
  'policyRefunds.ask.p3':
    'We acknowledge every request within 48 hours and give you a reference number. Most requests are settled within a few working days, and always within one month.',
  'policyRefunds.paid.title': 'How refunds are paid',
  'policyRefunds.paid.p1':
    'Approved refunds go back to <b>the payment method you used</b>, through our payment provider. We can’t refund to a different account, UPI ID or card, and we never refund in cash or as Kholo credit.',
  'policyRefunds.paid.upi': 'UPI: usually within 1 to 3 working days.',
  'policyRefunds.paid.card': 'Debit or credit card: usually within 5 to 7 working days, depending on your bank.',
  'policyRefunds.paid.netBanking': 'Net banking: usually within 5 to 7 working days, depending on your bank.',
  'policyRefunds.paid.p2':
    'When a purchase is refunded, your access to that item ends. If the money hasn’t reached you within these times, please check with your bank first, then write to us and we will share the refund reference.',
  'policyRefunds.creators.title': 'What a refund means for creators',
  'policyRefunds.creators.p1':
    'When we refund a fan, the creator’s earnings from that sale and our platform fee on it are both reversed; Kholo bears the payment provider’s fees. If her wallet no longer holds her share (she has withdrawn it), the rest is taken from her next sales before she can withdraw again. A creator may refund a sale of her own within 7 days of the payment, from her wallet. If a fan’s bank disputes a payment, the creator’s share of it is held until the bank decides. We refund only in the cases described above, so creators can count on the rest of their sales.',
  'policyRefunds.contact.title': 'Contact',
  'policyRefunds.contact.p1':
    'Questions about this policy: {contact}. If you are not satisfied with how we handled your request, you can also complain to our <grievance>Grievance Officer</grievance>.',
} as const;
