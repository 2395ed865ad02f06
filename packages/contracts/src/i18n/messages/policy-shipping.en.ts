/** The Shipping Policy page (server-rendered, ADR 027). `<b>` is bold, `<refunds>` a link. */
export const policyShippingEn = {
  'policyShipping.title': 'Shipping Policy',
  'policyShipping.description':
    'Kholo sells digital access only: nothing is shipped, and an unlock opens the photo or video at once for {days} days.',
  'policyShipping.summary':
    'Kholo sells digital access only. Nothing physical is shipped: your photo or video unlocks instantly in your account after payment, and stays available for {days} days.',
  'policyShipping.whatYouBuy.title': 'What you are buying',
  'policyShipping.whatYouBuy.p1':
    'Kholo is a marketplace for digital content. When you unlock a photo or video, you buy <b>{days} days of access</b> to view and download that item for your own personal use. You are not buying a physical product, a copy on a disc or drive, or the right to share it.',
  'policyShipping.whatYouBuy.p2':
    '<b>Nothing physical is ever shipped</b>, so there are no shipping charges, no delivery address and no courier.',
  'policyShipping.delivery.title': 'How and when it is delivered',
  'policyShipping.delivery.p1':
    'Delivery is digital and <b>instant</b>. As soon as our payment provider confirms your payment, the item unlocks in your Kholo account and you are taken straight to it. You can then view it in your browser and download it.',
  'policyShipping.delivery.p2':
    'Most payments are confirmed within seconds. Occasionally a bank takes a few minutes to confirm; the payment page keeps checking and unlocks the item as soon as the confirmation arrives. You will never be asked to pay again for the same item while your access is active.',
  'policyShipping.access.title': 'How long access lasts',
  'policyShipping.access.p1':
    'Access lasts {days} days from the moment your payment is confirmed. The item shows how many days you have left. After {days} days it locks again; if you want to see it again, you can unlock it again at the price shown at that time.',
  'policyShipping.access.p2':
    'Unlocks are one-off purchases, not subscriptions. <b>Nothing renews automatically</b> and you are never charged again without choosing to pay.',
  'policyShipping.price.title': 'Price and payment',
  'policyShipping.price.p1':
    'Prices are set by each creator and shown in Indian rupees (₹). The price on the unlock button is the full price you pay; Kholo’s small platform fee is included in it, never added at checkout. You can pay with UPI, debit or credit cards, or net banking through our payment provider.',
  'policyShipping.problems.title': 'If something goes wrong',
  'policyShipping.problems.p1':
    'If you paid but the item is still locked, or it will not load or play, contact us within {hours} hours at {contact} with the email you paid with and your order ID if you have it. If we can’t fix it, we will refund you as described in our <refunds>refund policy</refunds>.',
} as const;
