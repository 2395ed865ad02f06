/** A creator's withdrawals and her payout account (withdrawals). */
export const withdrawalsEn = {
  'withdrawals.action': 'Open your wallet',
  'withdrawals.amount': 'Amount: {amount}',
  'withdrawals.upiId': 'UPI ID: {upiId}',
  'withdrawals.id': 'Withdrawal ID: {id}',
  'withdrawals.reference': 'Payment reference: {reference}',
  'withdrawals.referenceUtr': 'Payment reference (UTR): {reference}',

  'withdrawals.requested.subject': 'Withdrawal requested: {amount} to {upiId}',
  'withdrawals.requested.preview': 'We received your request to withdraw {amount}.',
  'withdrawals.requested.heading': 'Withdrawal requested',
  'withdrawals.requested.review':
    'We received your request to withdraw {amount} to {payee}. We check some payouts before they go (a first payout, a new UPI ID, a large amount); we do that within 24 hours, and it is then sent straight away.',
  'withdrawals.requested.manual':
    'We received your request to withdraw {amount} from your Kholo wallet, and we will pay it to your UPI ID {upiId}.',
  'withdrawals.requested.on': 'Requested on: {at}',
  'withdrawals.requested.footnote':
    'You can cancel it from your wallet until it is sent. We will email you again when it is paid. If you did not ask for this withdrawal, write to us straight away and quote the withdrawal ID.',

  'withdrawals.paid.subject': 'Withdrawal paid: {amount} to {upiId}',
  'withdrawals.paid.preview': 'We paid {amount} to {payee}.',
  'withdrawals.paid.heading': 'Withdrawal paid',
  'withdrawals.paid.body': 'We paid {amount} to {payee}.',
  'withdrawals.paid.on': 'Paid on: {at}',
  'withdrawals.paid.footnote':
    'It can take a little while to show in your UPI app. If it has not arrived within 24 hours, write to us and quote the UTR or the withdrawal ID.',

  'withdrawals.rejected.subject': 'Withdrawal not paid: {amount} is back in your wallet',
  'withdrawals.rejected.preview': 'Your withdrawal of {amount} was not paid; the money is back in your wallet.',
  'withdrawals.rejected.heading': 'Withdrawal not paid',
  'withdrawals.rejected.body':
    'We could not pay your withdrawal of {amount} to {upiId}, so {amount} is back in your Kholo wallet.',
  'withdrawals.rejected.reason': 'Reason: {reason}',
  'withdrawals.rejected.on': 'Decided on: {at}',
  'withdrawals.rejected.footnote':
    'You can withdraw again from your wallet. If something is unclear, write to us and quote the withdrawal ID.',

  'withdrawals.failed.subject': 'Payout failed: {amount} is back in your wallet',
  'withdrawals.failed.preview': 'Your payout of {amount} did not go through; the money is back in your wallet.',
  'withdrawals.failed.heading': 'Payout failed',
  'withdrawals.failed.body':
    'Your payout of {amount} to {payee} did not go through, so {amount} is back in your Kholo wallet.',
  'withdrawals.failed.on': 'Failed on: {at}',
  // The reasons transfer-status.ts gives for a failed payout, word for word (a test holds them together).
  'withdrawals.failedReason.refusedUpi':
    'Your bank refused this UPI ID. Check your payout account in the Wallet (copy the UPI ID from your UPI app), then withdraw again.',
  'withdrawals.failedReason.bankOffline':
    'Your bank did not accept the payment just now (it may be offline). The money is back in your wallet; please withdraw again in a little while.',
  'withdrawals.failedReason.accountBlocked':
    'Your bank account cannot receive money (it may be blocked or frozen). Please save a different UPI ID in your Wallet and withdraw again.',
  'withdrawals.failedReason.other':
    'The payment to your bank did not go through{detail}. The money is back in your wallet; please withdraw again, or write to us if it happens twice.',
  'withdrawals.failed.footnote':
    'Nothing was taken from you. If something is unclear, write to us and quote the withdrawal ID.',

  'withdrawals.reversed.subject': 'Payout returned: {amount} is back in your wallet',
  'withdrawals.reversed.preview': 'Your bank returned the payout of {amount}; the money is back in your wallet.',
  'withdrawals.reversed.heading': 'Payout returned by your bank',
  'withdrawals.reversed.body':
    'Your bank returned the payout of {amount} to {payee}, so {amount} is back in your Kholo wallet.',
  'withdrawals.reversed.why':
    'This usually means the account behind the UPI ID cannot take money just now (closed, frozen or over a limit). Check your payout account in the Wallet, then withdraw again.',
  'withdrawals.reversed.on': 'Returned on: {at}',
  'withdrawals.reversed.footnote': 'If you did receive the money, write to us and quote the withdrawal ID.',

  'withdrawals.accountChanged.subject': 'Your Kholo payout account changed',
  'withdrawals.accountChanged.preview': 'Your payouts now go to {name} ({upiId}).',
  'withdrawals.accountChanged.heading': 'Your payout account changed',
  'withdrawals.accountChanged.body': 'Your Kholo payouts now go to {name} ({upiId}).',
  'withdrawals.accountChanged.on': 'Changed on: {at}',
  'withdrawals.accountChanged.check':
    'To keep your money safe, we check the next payout to a changed account before it goes (within 24 hours).',
  'withdrawals.accountChanged.footnote':
    'If you did not make this change, write to us straight away and change your password: we will hold your payouts until it is sorted out.',
} as const;
