import { CREATOR_REFUND_REASON_TEXT } from '../../refund-reasons.js';
import { WITHDRAWAL_STATUS_LABELS } from '../../withdrawal-rules.js';

/**
 * The dashboard's Wallet tab (SPEC §2, §4, §5; issue 21): the balance, the payout account (UPI
 * payee, legal name, PAN), the withdraw modal, the history with each withdrawal's steps, and the
 * cancel and refund dialogs. Payout promises come per PAYOUTS mode (`auto` / `manual`). The
 * status and refund-reason labels are the contracts' own words (one copy of them).
 */
export const dashboardWalletEn = {
  'dashboardWallet.failed': 'We couldn’t load your wallet.',
  'dashboardWallet.pending': '{amount} on its way to your UPI ID',
  'dashboardWallet.balance': 'Balance',
  'dashboardWallet.lead':
    'What fans pay for your content, minus a small platform fee, lands here. You withdraw your whole balance at once, from {min}.',
  'dashboardWallet.loading': 'Loading your wallet…',
  'dashboardWallet.owed':
    'You owe {amount} for a refund your wallet could not cover; it comes out of your next sales before you can withdraw.',
  'dashboardWallet.held': '{amount} is held while a fan’s bank disputes a payment.',
  'dashboardWallet.share.fromWallet': '{amount} from your wallet',
  'dashboardWallet.share.held': '{amount} that was held for a dispute',
  'dashboardWallet.share.owed': '{amount} you owe, taken from your next sales',
  'dashboardWallet.share.takenBack': 'Your share of {amount} taken back',
  'dashboardWallet.share.takenBackFrom': 'Your share of {amount} taken back: {parts}',

  'dashboardWallet.promise.auto':
    'Usually arrives in under a minute. First payouts and changed accounts are checked by us first, within 24 hours.',
  'dashboardWallet.promise.manual': 'Kholo’s team pays it to your UPI ID by hand and emails you when it is done.',
  'dashboardWallet.otherUpi.auto':
    'A payout to a UPI ID other than your saved payout account is checked by us first, within 24 hours, and then sent.',
  'dashboardWallet.unsavedUpi.auto':
    'We check the UPI ID with your bank, and a payout to an account you have not saved is checked by us first, within 24 hours. If it cannot be paid, the money comes back to your wallet.',
  'dashboardWallet.unsavedUpi.manual':
    'Kholo’s team pays it to this UPI ID by hand and emails you when it is done. If it cannot be paid, the money comes back to your wallet.',
  'dashboardWallet.accountReviewNote': 'Checked by us before your next payout',
  'dashboardWallet.accountChangeNote':
    'We email you when your payout account changes, and your next payout is checked by us first, within 24 hours.',
  'dashboardWallet.reason.first_payout': 'Your first payout',
  'dashboardWallet.reason.account_changed': 'Your payout account changed',
  'dashboardWallet.reason.new_upi_id': 'A UPI ID you have not saved as your payout account',
  'dashboardWallet.reason.name_override': 'The bank’s name for the account is not yours',
  'dashboardWallet.reason.over_limit': 'A large amount',
  'dashboardWallet.reason.daily_limit': 'Above the daily payout limit',
  'dashboardWallet.reason.open_claims': 'A refund or dispute is still open',
  'dashboardWallet.reason.asked_while_manual': 'Asked for before payouts were automatic',

  'dashboardWallet.payingTo': 'Paying to {name} {upiId}',
  'dashboardWallet.account.title': 'Payout account',
  'dashboardWallet.account.loading': 'Loading your payout account…',
  'dashboardWallet.account.none':
    'You have not saved a payout account yet. Add the UPI ID we should pay you at, in your Wallet.',
  'dashboardWallet.account.changeInWallet': 'Change it in Wallet',
  'dashboardWallet.account.goToWallet': 'Go to Wallet',
  'dashboardWallet.account.failed': 'We couldn’t load your payout account.',
  'dashboardWallet.account.newTitle': 'Where should we pay you?',
  'dashboardWallet.account.changeTitle': 'Change payout account',
  'dashboardWallet.account.change': 'Change',
  'dashboardWallet.account.newLead':
    'Add the UPI ID your money should go to. We check it with your bank and show you the account holder’s name before you save.',
  'dashboardWallet.account.legalName': 'Legal name {name}',
  'dashboardWallet.account.pan': 'PAN {pan}',
  'dashboardWallet.account.nameNotYours':
    'The bank’s name for this account is not yours; you confirmed the account is yours.',

  'dashboardWallet.form.saved': 'Payout account saved',
  'dashboardWallet.form.savedBody': 'We pay {name} at {upiId}.',
  'dashboardWallet.form.savedChangeBody': 'We pay {name} at {upiId}. We’ve emailed you about the change.',
  'dashboardWallet.form.isMine': 'Yes, this is my account',
  'dashboardWallet.form.unchecked':
    'We could not check this UPI ID with your bank here. You can still save it: Kholo’s team checks it before paying you.',
  'dashboardWallet.form.checking': 'Checking...',
  'dashboardWallet.form.saving': 'Saving...',
  'dashboardWallet.form.save': 'Save payout account',
  'dashboardWallet.form.check': 'Check UPI ID',
  'dashboardWallet.form.upiId': 'UPI ID',
  'dashboardWallet.form.upiIdHint': 'The UPI ID you get paid on in GPay, PhonePe, Paytm or your bank’s app.',
  'dashboardWallet.form.legalName': 'Legal name (as on your PAN card)',
  'dashboardWallet.form.legalNameHint': 'We compare it with the name your bank has for the UPI ID.',
  'dashboardWallet.form.pan': 'PAN',
  'dashboardWallet.form.panAgainHint': 'Type your PAN again to save a change; we keep it only masked ({masked}).',
  'dashboardWallet.form.panHint':
    'Ten characters, as on your PAN card (ABCDE1234F). Indian tax law asks us for it; we only ever show it masked.',
  'dashboardWallet.form.mismatch':
    'Your bank names {bankName} as this account’s holder, not {legalName}. Check the UPI ID, or if the account is yours, say so:',
  'dashboardWallet.form.mineHint': 'Your next payout is then checked by us first, within 24 hours.',
  'dashboardWallet.form.nameCheck':
    'The name your bank has for this UPI ID. Not you? Check the UPI ID before you save.',
  'dashboardWallet.form.cancel': 'Cancel',

  'dashboardWallet.withdraw.manual': 'Kholo will send {amount} to {payee} and email you when it is paid.',
  'dashboardWallet.withdraw.review': 'We check it first ({why}), within 24 hours, then send {amount} to {payee}.',
  'dashboardWallet.withdraw.onItsWay': '{amount} is on its way to {payee}. It usually arrives in under a minute.',
  'dashboardWallet.withdraw.checking': 'Checking...',
  'dashboardWallet.withdraw.check': 'Check UPI ID',
  'dashboardWallet.withdraw.sendTo': 'Send {amount} to {name}',
  'dashboardWallet.withdraw.withdraw': 'Withdraw {amount}',
  'dashboardWallet.withdraw.fullBalance': 'You will withdraw your full balance of {amount}',
  'dashboardWallet.withdraw.accountInReview': 'Your payout account is new or changed, so we check this payout first.',
  'dashboardWallet.withdraw.useDifferent': 'Use a different UPI ID',
  'dashboardWallet.withdraw.saveFirst': 'Save a payout account first?',
  'dashboardWallet.withdraw.saveFirstBody':
    'We check your UPI ID with your bank and show you the name on it. After the first payout, payouts to it go out by themselves.',
  'dashboardWallet.withdraw.addAccount': 'Add payout account',
  'dashboardWallet.withdraw.payInstead': 'Pay {name} instead',
  'dashboardWallet.withdraw.notHers':
    'Your bank names {name} as this account’s holder, not {legalName}. Check the UPI ID before you send.',
  'dashboardWallet.withdraw.cancel': 'Cancel',

  'dashboardWallet.history.title': 'Wallet history',
  'dashboardWallet.history.empty': 'No wallet activity yet. When fans unlock your content, your earnings appear here.',
  'dashboardWallet.history.hasMore': 'Showing your latest {count} entries.',
  'dashboardWallet.history.waitingForFunds':
    'Waiting for Kholo’s payout balance to be topped up. It goes out as soon as it is; there is nothing you need to do.',
  'dashboardWallet.history.statusPrefix': 'Status: ',
  'dashboardWallet.history.cancelledTitle': 'Withdrawal cancelled',
  'dashboardWallet.history.failedTitle': 'Withdrawal failed',
  'dashboardWallet.history.reversedTitle': 'Returned by the bank',
  'dashboardWallet.history.notPaidTitle': 'Withdrawal not paid',
  'dashboardWallet.history.disputeHeld': 'Dispute opened by a fan’s bank',
  'dashboardWallet.history.disputeHeldBody':
    'Your share of {amount} is held until the bank decides. The fan’s access is paused meanwhile.',
  'dashboardWallet.history.disputeWon': 'Dispute won',
  'dashboardWallet.history.disputeWonBody': 'Your share of {amount} is released: the bank decided for you.',
  'dashboardWallet.history.disputeLost': 'Dispute lost',
  'dashboardWallet.history.disputeLostBody': 'Your share of {amount} went back to the fan: the bank decided for them.',
  'dashboardWallet.history.sale': 'Sale',
  'dashboardWallet.history.priceAndFee': 'Price {price} · Platform fee {fee}',
  'dashboardWallet.history.recovered': '{amount} of your share paid what you owed for a refund',
  'dashboardWallet.history.refunded': 'Refunded',
  'dashboardWallet.history.refundSaleOf': 'Refund the sale of {title} ({price})',
  'dashboardWallet.history.refund': 'Refund',
  'dashboardWallet.history.refundTitle': 'Refund: {title}',
  'dashboardWallet.history.reason': 'Reason: {reason}',
  'dashboardWallet.history.withdrawalTo': 'Withdrawal to {upiId}',
  'dashboardWallet.history.accountHolder': 'Account holder: {name}',
  'dashboardWallet.history.cancelWithdrawalOf': 'Cancel the withdrawal of {amount}',
  'dashboardWallet.history.cancelWithdrawal': 'Cancel withdrawal',
  'dashboardWallet.history.returned': 'Returned to your wallet',
  'dashboardWallet.history.adjustment': 'Adjustment by Kholo',
  'dashboardWallet.history.steps': 'Steps',
  'dashboardWallet.history.now': 'Now: ',
  'dashboardWallet.history.next': 'Next: ',
  'dashboardWallet.status.REQUESTED': WITHDRAWAL_STATUS_LABELS.REQUESTED,
  'dashboardWallet.status.REVIEW': WITHDRAWAL_STATUS_LABELS.REVIEW,
  'dashboardWallet.status.PROCESSING': WITHDRAWAL_STATUS_LABELS.PROCESSING,
  'dashboardWallet.status.PAID': WITHDRAWAL_STATUS_LABELS.PAID,
  'dashboardWallet.status.FAILED': WITHDRAWAL_STATUS_LABELS.FAILED,
  'dashboardWallet.status.REVERSED': WITHDRAWAL_STATUS_LABELS.REVERSED,
  'dashboardWallet.status.REJECTED': WITHDRAWAL_STATUS_LABELS.REJECTED,
  'dashboardWallet.status.CANCELLED': WITHDRAWAL_STATUS_LABELS.CANCELLED,
  'dashboardWallet.refundReason.admin': CREATOR_REFUND_REASON_TEXT.admin,
  'dashboardWallet.refundReason.fan_problem': CREATOR_REFUND_REASON_TEXT.fan_problem,
  'dashboardWallet.refundReason.creator': CREATOR_REFUND_REASON_TEXT.creator,
  'dashboardWallet.refundReason.paid_for_removed_item': CREATOR_REFUND_REASON_TEXT.paid_for_removed_item,
  'dashboardWallet.refundReason.already_unlocked': CREATOR_REFUND_REASON_TEXT.already_unlocked,
  'dashboardWallet.refundReason.late_payment': CREATOR_REFUND_REASON_TEXT.late_payment,
  'dashboardWallet.refundReason.item_removed': CREATOR_REFUND_REASON_TEXT.item_removed,
  'dashboardWallet.refundReason.dispute_lost': CREATOR_REFUND_REASON_TEXT.dispute_lost,

  'dashboardWallet.step.requested': 'Requested',
  'dashboardWallet.step.inReview': 'In review',
  'dashboardWallet.step.approved': 'Approved',
  'dashboardWallet.step.sentToBank': 'Sent to your bank',
  'dashboardWallet.step.sent': 'Sent',
  'dashboardWallet.step.paymentReference': 'Payment reference: {reference}',
  'dashboardWallet.step.utr': 'UTR {reference}',
  'dashboardWallet.step.paidByTeam': 'Paid by Kholo’s team',
  'dashboardWallet.step.emailWhenDone': 'We email you when it is done',
  'dashboardWallet.step.paid': 'Paid',
  'dashboardWallet.step.whenToppedUp': 'As soon as Kholo’s payout balance is topped up',
  'dashboardWallet.step.withinMinute': 'Usually within a minute',
  'dashboardWallet.step.afterCheck': 'After our check, within 24 hours',
  'dashboardWallet.step.returnedByBank': 'Returned by the bank',
  'dashboardWallet.step.failed': 'Failed',
  'dashboardWallet.step.rejected': 'Rejected',
  'dashboardWallet.step.cancelled': 'Cancelled',

  'dashboardWallet.cancel.done': 'Withdrawal cancelled',
  'dashboardWallet.cancel.doneBody': '{amount} is back in your wallet.',
  'dashboardWallet.cancel.title': 'Cancel this withdrawal?',
  'dashboardWallet.cancel.body':
    'Nothing is sent to {upiId}, and {amount} goes back to your wallet. You can withdraw it again whenever you like.',
  'dashboardWallet.cancel.keep': 'Keep it',
  'dashboardWallet.cancel.cancelling': 'Cancelling...',
  'dashboardWallet.cancel.confirm': 'Cancel withdrawal',

  'dashboardWallet.refundSale.done': 'Refund sent',
  'dashboardWallet.refundSale.cost': '{share} will come out of your wallet and the fan gets {price} back.',
  'dashboardWallet.refundSale.doneBody': '{price} goes back to the fan, whose access to “{title}” has ended.',
  'dashboardWallet.refundSale.title': 'Refund this sale?',
  'dashboardWallet.refundSale.body':
    'The fan’s access to “{title}” ends now, and the money goes back the way they paid. This cannot be undone.',
  'dashboardWallet.refundSale.reason': 'Reason',
  'dashboardWallet.refundSale.reasonHint': 'Kept in your wallet’s history; the fan is not shown it.',
  'dashboardWallet.refundSale.keep': 'Keep the sale',
  'dashboardWallet.refundSale.refunding': 'Refunding...',
  'dashboardWallet.refundSale.refund': 'Refund {price}',
} as const;
