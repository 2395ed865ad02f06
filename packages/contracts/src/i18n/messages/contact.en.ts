/**
 * The Contact Us page and its form (server-rendered, ADR 027). The form's rule messages and the
 * server's answers come in English and are shown through `tm` (the `messages` module).
 */
export const contactEn = {
  'contact.title': 'Contact us · Kholo',
  'contact.description': 'Write to Kholo’s support team about a payment, an unlock, a payout or your account.',
  'contact.eyebrow': 'Support',
  'contact.heading': 'Contact us',
  'contact.lead':
    'Questions about selling, a payment or a refund? Send us a message and a real person from the Kholo team will get back to you by email.',
  'contact.formTitle': 'Write to us',
  'contact.allRequired': 'All fields are required.',
  'contact.otherWays': 'Other ways to reach us',
  'contact.directTitle': 'Reach us directly',
  'contact.directEmailOrCall': 'Write to us from any email app, or give us a call.',
  'contact.directEmail': 'Write to us from any email app.',
  'contact.purchaseTitle': 'Problem with a purchase?',
  'contact.purchaseBody':
    'Tell us within {hours} hours of paying, and include the email you paid with and your order ID if you have it.',
  'contact.refundsLink': 'How refunds work',
  'contact.reportTitle': 'Report content or a grievance',
  'contact.reportBody':
    'Use the Report button on the item or creator page: reports of nudity, intimate images or impersonation are decided within {urgent}. For anything else, write to our Grievance Officer; we acknowledge every complaint at once and resolve it within {grievance}.',
  'contact.grievanceLink': 'Grievance Officer',
  'contact.message': 'Message',
  'contact.characters': '{count} / {max} characters',
  'contact.send': 'Send Message',
  'contact.note': 'We’ll reply to the email address you give us.',
  'contact.sent': 'Message sent! We’ll reply to your email soon.',
  'contact.failed': 'Could not send your message. Please try again.',
} as const;
