/** The fan's receipt (payments). */
export const receiptEn = {
  'receipt.subject': 'Receipt: {title} ({amount})',
  'receipt.preview': 'You unlocked “{title}” for {amount}. Access until {until}.',
  'receipt.heading': 'Your Kholo receipt',
  'receipt.thanks': 'Thank you for your payment. Here are the details:',
  'receipt.item': 'Item: {title}',
  'receipt.creator': 'Creator: {name}',
  'receipt.amount': 'Amount paid: {amount}',
  'receipt.order': 'Order ID: {orderId}',
  'receipt.paidOn': 'Paid on: {at}',
  'receipt.until': 'Access until: {until}',
  'receipt.purchases': 'Your purchases and this receipt: {url}',
  'receipt.action': 'Open your item',
  'receipt.footnote':
    'All sales are final. If something went wrong, choose Report a problem on your purchases page within 24 hours and we will put it right.',
} as const;
