/**
 * The Privacy Policy page (server-rendered, ADR 027), version PRIVACY_VERSION: the English is
 * the binding text. `<b>` is bold; `<afterDeletion>`, `<grievance>` and `<contactForm>` are
 * links; `{company}`, `{officer}`, `{contact}` and `{email}` the operator's details, as
 * configured. The "what stays after you delete your account" section is ADR 024's list.
 */
export const policyPrivacyEn = {
  'policyPrivacy.title': 'Privacy Policy',
  'policyPrivacy.description':
    'What personal data Kholo collects, why, who it is shared with, how long it is kept, and how to download or delete yours.',
  'policyPrivacy.summary':
    'We use your personal data only to provide Kholo, and we never sell it. Payment details are handled by our payment provider, not stored by us, and you can ask to see, correct or delete your data at any time.',
  'policyPrivacy.who.title': 'Who we are',
  'policyPrivacy.who.p1':
    'Kholo is a marketplace where creators sell time-limited access to their photos and videos, run by {company} (“Kholo”, “we”, “us”). For the personal data described here, Kholo is the “data fiduciary” under India’s Digital Personal Data Protection Act, 2023 (DPDP Act): we decide why and how it is used, and we are responsible for it.',
  'policyPrivacy.collect.title': 'What we collect',
  'policyPrivacy.collect.account':
    '<b>Account details:</b> your name, email address and, if you choose one, your password (stored only as a secure hash, never in readable form), and your confirmation that you are 18 or older. You can buy with just your email: we email you a one-time code instead of asking for a password.',
  'policyPrivacy.collect.creator':
    '<b>Creator details:</b> your public profile (name, profile link, bio and photo), the content you upload with its titles, descriptions and prices, and your UPI ID for payouts. Before payouts we may also need identity and tax details such as your PAN, as Indian tax law requires.',
  'policyPrivacy.collect.purchases':
    '<b>Purchases and earnings:</b> what you unlocked or sold, when, for how much, and the order and payment references.',
  'policyPrivacy.collect.messages': '<b>Messages:</b> what you send us through the contact form or by email.',
  'policyPrivacy.collect.technical':
    '<b>Technical data:</b> your IP address, browser and device type, and logs of sign-ins and actions on your account, which we need to keep Kholo secure.',
  'policyPrivacy.collect.visits':
    '<b>Visits to creators’ pages:</b> we count visits so a creator can see how many people saw her page and where they came from (for example Instagram or WhatsApp). We count them ourselves, without cookies or outside services, as a code made from the day, your IP address and browser, which changes every day; we don’t store the address or browser with it, and we delete visit counts after {visitsDays} days.',
  'policyPrivacy.collect.p1':
    'We remove hidden location data (EXIF) from photos you upload. We only use cookies that Kholo needs to work, such as the one that keeps you signed in. We don’t use advertising or tracking cookies.',
  'policyPrivacy.payment.title': 'Payment data',
  'policyPrivacy.payment.p1':
    'Payments are handled by our payment provider, Cashfree Payments, an RBI-regulated payment aggregator. You enter your card, UPI or net banking details on their secure pages, not on Kholo. <b>We never see or store your full card number, CVV, UPI PIN or net banking password.</b> We receive only what we need to confirm and record the payment: the amount, its status, the type of payment method and a reference number.',
  'policyPrivacy.use.title': 'How we use your data',
  'policyPrivacy.use.intro':
    '<b>We use your data only to provide Kholo, and we never sell it.</b> Specifically, we use it to:',
  'policyPrivacy.use.account': 'create and secure your account and keep you signed in;',
  'policyPrivacy.use.deliver': 'show creators’ pages and deliver content to the fans who paid for it;',
  'policyPrivacy.use.payments': 'process payments, refunds and payouts, and keep accurate financial records;',
  'policyPrivacy.use.fraud': 'prevent fraud, abuse and content that breaks our rules;',
  'policyPrivacy.use.messages': 'answer your messages and handle complaints;',
  'policyPrivacy.use.emails':
    'send you emails about your account, such as sign-in codes, password resets, payment confirmations, a reminder two days before your access to an item ends (every reminder has a link to stop them) and important changes to our terms;',
  'policyPrivacy.use.legal': 'meet our legal duties, for example under tax law and the IT Act.',
  'policyPrivacy.use.noAds': 'We don’t show ads, and we don’t build advertising profiles.',
  'policyPrivacy.sharing.title': 'Who we share it with',
  'policyPrivacy.sharing.intro': 'We share personal data only when we need to, and only what is needed:',
  'policyPrivacy.sharing.provider': 'our payment provider, to take payments, make payouts and send refunds;',
  'policyPrivacy.sharing.hosts':
    'companies that host our servers, store files and send our emails, which may use the data only on our instructions;',
  'policyPrivacy.sharing.authorities':
    'government authorities, courts and law enforcement, when Indian law requires us to, for example for tax filings or a lawful order.',
  'policyPrivacy.sharing.p1':
    'Your public creator profile and content previews are visible to anyone. Creators see how their content is doing and what they earned, but not fans’ payment details.',
  'policyPrivacy.retention.title': 'How long we keep it',
  'policyPrivacy.retention.account':
    'Account and profile data: while your account is open. When you close it, we delete it, keeping only what the law requires us to keep, for as long as it requires.',
  'policyPrivacy.retention.content':
    'Content you upload: until you delete it or close your account, except that fans keep access they already paid for until it ends.',
  'policyPrivacy.retention.records':
    'Payment, payout, tax and invoice records: for as long as Indian tax and accounting laws require, even after you close your account.',
  'policyPrivacy.retention.logs':
    'Security and activity logs: at least one year, as Indian law requires, and then deleted.',
  'policyPrivacy.retention.messages':
    'Messages to support: as long as needed to resolve them, and at least one year after that.',
  'policyPrivacy.after.title': 'What stays after you delete your account, and why',
  'policyPrivacy.after.p1':
    'When you delete your account (on the <b>Your data</b> page, from the menu under your name), you are logged out everywhere at once and nobody can log in to it again. Your name, email address, password, sign-in codes, email settings, creator bio and photo, and payout account (UPI ID, names and PAN) are erased, and emails still waiting to be sent to you are cancelled. A creator’s page and items leave public view at once; fans who bought an item keep their access until their 14 days end, as when a creator deletes an item. Her page address stays reserved for her for the usual cooling-off period, so nobody else can use it to pose as her, and is then free.',
  'policyPrivacy.after.p2':
    'We keep the following, without your name or email address, under a placeholder that names no one:',
  'policyPrivacy.after.orders':
    '<b>Orders and payments</b> (amount, item, status, dates, the payment provider’s reference and method), <b>refunds</b> and <b>invoices and tax figures</b>: GST law makes us keep accounts and records for 72 months (CGST Act s.36), and income-tax law requires books of account (s.44AA, Rule 6F). We keep them as long as these laws require: at present up to 8 years from the end of the financial year they belong to.',
  'policyPrivacy.after.ledger':
    '<b>The ledger</b> (every movement of money, and a creator’s wallet balance, including an amount below the minimum withdrawal she gave up): the books of account above, for the same 8 years. A balance given up stays recorded in her wallet account; it is not moved or paid to anyone.',
  'policyPrivacy.after.withdrawals':
    '<b>Withdrawals that were paid out</b>, with the UPI ID and the name at the bank they were paid to and the bank’s reference: the record of where the money went, for the same 8 years. Withdrawals that were never paid keep no UPI ID or name.',
  'policyPrivacy.after.disputes':
    '<b>Problem reports and disputes</b> about orders, and <b>your purchases’ access records</b> (when access started and ended, how often the item was opened): evidence for a payment dispute or a complaint, kept with the orders.',
  'policyPrivacy.after.reports':
    '<b>Reports, complaints and review requests you sent</b> (what you wrote and what we decided), without your name, email or account: the IT Rules expect us to keep a record of complaints and how we handled them, and a decision may be appealed. Kept with the audit log.',
  'policyPrivacy.after.audit':
    '<b>The audit log and security logs</b>, including one line that your account was deleted (with no name or email): at least one year, as the DPDP Rules require (Rule 8(3)), and 180 days of system logs under CERT-In’s directions.',
  'policyPrivacy.after.versions':
    '<b>The Terms and Privacy Policy versions you accepted</b>: evidence of the agreement under which the records above were made, kept with them.',
  'policyPrivacy.after.p3':
    'The Digital Personal Data Protection Act lets us keep personal data after you ask us to erase it only where retention is necessary to comply with a law (s.8(7)). We use what we keep for that and for nothing else.',
  'policyPrivacy.rights.title': 'Your rights under the DPDP Act',
  'policyPrivacy.rights.intro': 'Under the Digital Personal Data Protection Act, 2023, you have the right to:',
  'policyPrivacy.rights.summary':
    'get a summary of the personal data we hold about you and the list of those we shared it with;',
  'policyPrivacy.rights.correct': 'have inaccurate or incomplete data corrected, completed or updated;',
  'policyPrivacy.rights.erase': 'have your data erased, unless the law requires us to keep it;',
  'policyPrivacy.rights.withdraw': 'withdraw your consent at any time, as easily as you gave it;',
  'policyPrivacy.rights.nominate': 'nominate someone to exercise these rights for you in case of death or incapacity;',
  'policyPrivacy.rights.complaints': 'have your complaints about your data handled by us.',
  'policyPrivacy.rights.p1':
    'To get your data or delete your account, use the <b>Your data</b> page (the menu under your name, once you are logged in): it downloads everything we hold about you as a file at once, and deletes your account at once (see <afterDeletion>what stays, and why</afterDeletion>). For the other rights, write to {email} from the email address of your account. We respond as quickly as we can, and within 90 days at the latest. If you’re not satisfied with our answer, you can complain to the Data Protection Board of India.',
  'policyPrivacy.children.title': 'Children',
  'policyPrivacy.children.p1':
    'Kholo is only for adults. We don’t knowingly collect data from anyone under 18, and we don’t track or target children in any way. If we learn that an account belongs to someone under 18, we close it and delete their data.',
  'policyPrivacy.security.title': 'How we protect it',
  'policyPrivacy.security.p1':
    'We use encrypted connections (HTTPS), store passwords only as secure hashes, limit which of our people can see personal data, and serve original content only to its creator and to fans with active access. If a data breach affects you, we will tell you and the Data Protection Board of India without delay, with what happened and what you can do.',
  'policyPrivacy.changes.title': 'Changes to this policy',
  'policyPrivacy.changes.p1':
    'When we change this policy we update the date at the top of this page, and we tell you by email or on Kholo before important changes take effect.',
  'policyPrivacy.contact.title': 'Contact and grievances',
  'policyPrivacy.contact.p1':
    'To raise a grievance about your data, use the complaint form on our <grievance>Grievance Officer page</grievance> or write to our Grievance Officer, {officer}.',
  'policyPrivacy.contact.p2':
    'For other questions about your data or this policy, write to {contact}, or use our <contactForm>contact form</contactForm>.',
} as const;
