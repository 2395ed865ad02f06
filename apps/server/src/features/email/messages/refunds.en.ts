import {
  CREATOR_REFUND_REASON_TEXT as CREATOR,
  PROBLEM_REASON_TEXT as PROBLEM,
  REFUND_REASON_TEXT as FAN,
  refundArrivalText,
} from '@kholo/contracts';

/**
 * Money back: refunds, problem reports and disputes (refunds). The reasons' English is the
 * contracts' own (the web shows the same words), keyed here by code so Hindi can say them.
 */
export const refundsEn = {
  'refunds.seePurchases': 'See your purchases',
  'refunds.openWallet': 'Open your wallet',
  'refunds.order': 'Order ID: {orderId}',
  'refunds.because': '{reason}.',
  'refunds.becauseNote': '{reason}: {note}',

  'refunds.reason.fan.admin': FAN.admin,
  'refunds.reason.fan.fan_problem': FAN.fan_problem,
  'refunds.reason.fan.creator': FAN.creator,
  'refunds.reason.fan.paid_for_removed_item': FAN.paid_for_removed_item,
  'refunds.reason.fan.already_unlocked': FAN.already_unlocked,
  'refunds.reason.fan.late_payment': FAN.late_payment,
  'refunds.reason.fan.item_removed': FAN.item_removed,
  'refunds.reason.fan.dispute_lost': FAN.dispute_lost,
  'refunds.reason.creator.admin': CREATOR.admin,
  'refunds.reason.creator.fan_problem': CREATOR.fan_problem,
  'refunds.reason.creator.creator': CREATOR.creator,
  'refunds.reason.creator.paid_for_removed_item': CREATOR.paid_for_removed_item,
  'refunds.reason.creator.already_unlocked': CREATOR.already_unlocked,
  'refunds.reason.creator.late_payment': CREATOR.late_payment,
  'refunds.reason.creator.item_removed': CREATOR.item_removed,
  'refunds.reason.creator.dispute_lost': CREATOR.dispute_lost,
  'refunds.problem.not_working': PROBLEM.not_working,
  'refunds.problem.not_as_described': PROBLEM.not_as_described,
  'refunds.problem.accidental': PROBLEM.accidental,
  'refunds.problem.charged_twice': PROBLEM.charged_twice,
  'refunds.problem.other': PROBLEM.other,
  'refunds.arrival.upi': refundArrivalText('upi'),
  'refunds.arrival.bank': refundArrivalText('card'),
  'refunds.arrival.other': refundArrivalText(null),
  'refunds.how.upi': 'your UPI account',
  'refunds.how.card': 'your card',
  'refunds.how.netbanking': 'your bank account',
  'refunds.how.other': 'the account you paid from',

  'refunds.issued.subject': 'Refund of {amount} for “{title}”',
  'refunds.issued.preview': 'We are refunding {amount}. It reaches {how} in {arrival}.',
  'refunds.issued.heading': 'Your refund is on its way',
  'refunds.issued.body': 'We are refunding {amount} for “{title}”. {why}',
  'refunds.issued.arrives': 'It reaches {how} in {arrival}, depending on your bank.',
  'refunds.issued.ticket': 'This answers your ticket {ticket}.',
  'refunds.issued.footnote':
    'Your access to this item has ended. If the money has not arrived after that time, reply with the order ID.',

  'refunds.creator.subject': 'A sale of “{title}” was refunded',
  'refunds.creator.preview': '{share} of your share was taken back.',
  'refunds.creator.heading': 'A sale was refunded',
  'refunds.creator.body': 'The fan who paid {amount} for “{title}” was refunded. {why}',
  'refunds.creator.fromWallet': 'Your share of {share} came out of your wallet.',
  'refunds.creator.owed':
    'Your share was {share}: {fromWallet} came out of your wallet and {owed} will come out of your next sales before you can withdraw.',

  'refunds.reportReceived.subject': 'Ticket {ticket}: we received your report',
  'refunds.reportReceived.preview': 'Your ticket number is {ticket}. We reply within 24 hours.',
  'refunds.ticket.heading': 'Ticket {ticket}',
  'refunds.reportReceived.body': 'We received your report about “{title}”: {reason}.',
  'refunds.reportReceived.reply':
    'Your ticket number is {ticket}. We look at every report and reply by email within 24 hours.',

  'refunds.reportAnswered.subject': 'Ticket {ticket}: our answer',
  'refunds.reportAnswered.body': 'We looked into your report about “{title}”.',
  'refunds.reportAnswered.footnote': 'If this does not settle it, reply to this email with the ticket number.',

  'refunds.dispute.held.subject': 'A fan’s bank disputes a payment for “{title}”',
  'refunds.dispute.held.heading': 'A payment is disputed',
  'refunds.dispute.held.text':
    'The bank of a fan who bought “{title}” disputes the payment. Your share of {share} is held until the bank decides; Kholo answers the bank with the proof of the sale.',
  'refunds.dispute.released.subject': 'The dispute about “{title}” was decided for you',
  'refunds.dispute.released.heading': 'Dispute won',
  'refunds.dispute.released.text':
    'The bank decided the dispute about “{title}” for us. Your share of {share} is yours again.',
  'refunds.dispute.lost.subject': 'The dispute about “{title}” was decided for the fan',
  'refunds.dispute.lost.heading': 'Dispute lost',
  'refunds.dispute.lost.text':
    'The bank decided the dispute about “{title}” for the fan and took the payment back. Your held share of {share} went with it.',

  'refunds.disputeAdmin.subject': 'Dispute {id}: answer {due}',
  'refunds.disputeAdmin.by': 'by {at}',
  'refunds.disputeAdmin.asap': 'as soon as possible',
  'refunds.disputeAdmin.action': 'Open Disputes',
  'refunds.disputeAdmin.preview': 'A bank disputes {amount} on order {orderId}.',
  'refunds.disputeAdmin.body': "A fan's bank disputes {amount} on order {orderId}.",
  'refunds.disputeAdmin.bodyReason': "A fan's bank disputes {amount} on order {orderId} ({reason}).",
  'refunds.disputeAdmin.answer':
    'Answer it at the provider {due}, with the evidence on the Disputes page; unanswered, the bank rules for the fan.',
} as const;
