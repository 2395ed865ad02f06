import { LANE_TEXT } from '../../safety-rules.js';

/**
 * The Terms and Conditions page (server-rendered, ADR 027), version TERMS_VERSION: the English
 * is the binding text. `<b>` is bold; `<refunds>`, `<grievance>`, `<contactForm>` and `<gac>`
 * are links; `{company}`, `{officer}` and `{contact}` the operator's details, as configured.
 */
export const policyTermsEn = {
  'policyTerms.title': 'Terms and Conditions',
  'policyTerms.description':
    'The rules for creators and fans on Kholo: accounts, what may be sold, {days}-day access, payments, payouts, takedowns and complaints.',
  'policyTerms.summary':
    'Content on Kholo is for personal viewing only. Creators are responsible for what they upload, we don’t pre-screen it, and sexually explicit content is never allowed. Prices are in rupees, each unlock lasts {days} days, and we keep only a small platform fee.',
  'policyTerms.about.title': 'About these terms',
  'policyTerms.about.p1':
    'These terms are an agreement between you and {company} (“Kholo”, “we”, “us”), which runs the Kholo website and service, about using them. By creating an account, uploading content or unlocking content, you accept them. If you don’t agree, please don’t use Kholo.',
  'policyTerms.about.p2':
    '<b>You must be 18 or older</b> to create an account, sell or buy on Kholo. If we learn that an account belongs to someone under 18, we close it and delete their personal data.',
  'policyTerms.accounts.title': 'Your account',
  'policyTerms.accounts.accurate': 'Give us accurate details and keep them up to date.',
  'policyTerms.accounts.private':
    'Keep your password and the sign-in codes we email you private. You are responsible for what happens on your account.',
  'policyTerms.accounts.own':
    'Use only your own account, and don’t create accounts for someone else without their permission.',
  'policyTerms.accounts.tell': 'Tell us straight away if you think someone else has used your account.',
  'policyTerms.personal.title': 'Content is for personal viewing only',
  'policyTerms.personal.p1':
    'When you unlock an item you get a personal, non-transferable right to view and download it for {days} days, for your own private, non-commercial use. The creator keeps all rights in it. You must not:',
  'policyTerms.personal.share':
    'share, re-upload, forward, sell, rent or publish it anywhere, including in groups and chats;',
  'policyTerms.personal.record': 'screen-record or copy it to get around the access period;',
  'policyTerms.personal.edit': 'edit it, or use it to train or create AI models or synthetic images of the creator.',
  'policyTerms.personal.p2':
    'Breaking these rules may lead to your account being closed and to legal action by the creator.',
  'policyTerms.creators.title': 'Creators are responsible for their uploads',
  'policyTerms.creators.p1':
    'Creators are solely responsible for everything they upload, its title, description and price, and for making sure it is lawful. Each time you upload, you confirm that:',
  'policyTerms.creators.made': 'you made it, or you own or have licensed every right needed to sell access to it;',
  'policyTerms.creators.people':
    'every person who appears in it is 18 or older, agreed to appear in it and agreed to it being sold on Kholo;',
  'policyTerms.creators.accurate': 'the title, description and 18+ label are accurate and not misleading;',
  'policyTerms.creators.rules': 'it follows the content rules below and Indian law.',
  'policyTerms.creators.p2':
    'Before your first withdrawal we may ask you to verify your identity and payout details, for example your PAN and UPI ID. Creators are responsible for their own income tax and GST. Where the law requires us to, we deduct or collect tax (such as TDS or GST TCS) from creator earnings and give you the records for it.',
  'policyTerms.rules.title': 'Content rules',
  'policyTerms.rules.intro': 'You must not upload, sell, or share through Kholo anything that:',
  'policyTerms.rules.explicit':
    'is <b>sexually explicit or sexually suggestive</b>, obscene or pornographic, whether or not it is marked 18+;',
  'policyTerms.rules.minors': 'shows or involves anyone under 18 in any way that is sexual, harmful or exploitative;',
  'policyTerms.rules.privacy':
    'invades someone’s privacy, including bodily privacy, or was shared without the consent of the people in it;',
  'policyTerms.rules.impersonation':
    'impersonates someone, or is a morphed, deepfake or synthetically generated image or video of a real person presented as real;',
  'policyTerms.rules.rights': 'belongs to someone else or infringes copyright, trademarks or other rights;',
  'policyTerms.rules.harassment':
    'harasses or insults anyone on the basis of gender, religion, caste, race or any other characteristic, or promotes violence;',
  'policyTerms.rules.deceives': 'deceives or misleads buyers, or relates to money laundering or gambling;',
  'policyTerms.rules.malware':
    'contains malware, or threatens the unity, security or sovereignty of India or public order;',
  'policyTerms.rules.law': 'breaks any law in force in India.',
  'policyTerms.rules.labelHeading': 'What the 18+ label means',
  'policyTerms.rules.label':
    'The 18+ label is for <b>mature content that is not sexual</b>, such as horror, gore, strong language or graphic medical content. Only people who confirm they are 18 or older can see these items, even as previews. The label never makes sexual content acceptable; such content is removed and the account may be closed.',
  'policyTerms.screening.title': 'We don’t pre-screen content',
  'policyTerms.screening.p1':
    'Kholo is a platform that hosts content uploaded by creators. We do not review content before it is published, and we don’t endorse what creators upload. We may review any content at any time, and we remove or disable access to content that breaks these terms or the law, when it is reported to us or when we are ordered to by a court or the government.',
  'policyTerms.payments.title': 'Prices, fees and payouts',
  'policyTerms.payments.p1':
    'Creators set their prices in Indian rupees (₹). Fans pay through our payment provider by UPI, debit or credit card, or net banking. Each unlock gives {days} days of access from the moment the payment is confirmed; nothing renews automatically.',
  'policyTerms.payments.p2':
    'There are no monthly fees. Kholo keeps a small platform fee from each sale, included in the price the fan pays; the rest is added to the creator’s wallet. Creators can see each sale’s split in their account.',
  'policyTerms.payments.p3':
    'Creators can withdraw their balance to a UPI ID in their own name once it reaches {minimum}. We may hold a payout while we check suspected fraud, a reported breach of these terms or a legal order, and we may withhold earnings from sales that broke these terms.',
  'policyTerms.payments.p4':
    'Problems with a purchase are covered by our <refunds>refund policy</refunds>: contact us within {hours} hours.',
  'policyTerms.grievances.title': 'Reporting content and grievances',
  'policyTerms.grievances.p1':
    'To report an item or a creator’s page, use the <b>Report button</b> on that page; anyone can, with or without an account. For any other complaint about Kholo, use the complaint form on our <grievance>Grievance Officer page</grievance>, or write to our Grievance Officer, {officer}.',
  'policyTerms.grievances.acknowledge': `We acknowledge every complaint within {ackHours} hours (the form’s by email, at once) and resolve it within ${LANE_TEXT.grievance}.`,
  'policyTerms.grievances.unlawful': `Reports of content that breaks the content rules above are decided within ${LANE_TEXT.unlawful}; a report marked {reasons} is handled like a complaint.`,
  'policyTerms.grievances.reasonsOr': ' or ',
  'policyTerms.grievances.urgent': `If content shows you nude or in a sexual act, or impersonates you, including morphed or AI-generated images, report it and we decide within ${LANE_TEXT.urgent}. The item is hidden from everyone as soon as it is reported, while we look.`,
  'policyTerms.grievances.orders': 'Court and government orders are acted on within the time the law sets.',
  'policyTerms.grievances.appeal':
    'If you are unhappy with our decision, you can appeal to the Grievance Appellate Committee set up by the Government of India within 30 days of it, at {gac}.',
  'policyTerms.suspension.title': 'Suspension and termination',
  'policyTerms.suspension.p1':
    'We may suspend or close any account, remove any content, or stop any payout, <b>without notice</b>, if we reasonably believe it breaks these terms or the law, or to protect fans, creators or Kholo. Where the law requires, we keep the related records and report to the authorities.',
  'policyTerms.suspension.p2':
    'You can stop using Kholo and ask us to close your account at any time. Closing an account does not undo sales already made or cancel rights fans have already bought.',
  'policyTerms.licence.title': 'Your content and our licence',
  'policyTerms.licence.p1':
    'Creators keep ownership of their content. By uploading, you give Kholo a non-exclusive, royalty-free licence to store it, make blurred previews and thumbnails of it, show those previews on Kholo, and deliver the original to fans who have paid for access, for as long as it is on Kholo and any access already sold lasts.',
  'policyTerms.indemnity.title': 'Indemnity',
  'policyTerms.indemnity.p1':
    'You agree to indemnify and hold harmless Kholo and its people from any claim, loss, penalty or expense (including reasonable legal fees) arising from content you upload, your use of Kholo, your breach of these terms, or your violation of any law or anyone else’s rights.',
  'policyTerms.liability.title': 'Our responsibility to you',
  'policyTerms.liability.p1':
    'We work hard to keep Kholo available and secure, but we provide it “as is” and can’t promise it will always be free of interruptions or errors. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to you for any claim is limited to the amounts you paid to, or the platform fees we earned from you on, Kholo in the three months before the claim. Nothing in these terms limits rights you have under Indian consumer protection law.',
  'policyTerms.changes.title': 'Changes to these terms',
  'policyTerms.changes.p1':
    'We may update these terms as Kholo or the law changes. We will show the date of the latest version at the top of this page and tell you by email or on Kholo before important changes take effect. We also remind everyone of these terms and our Privacy Policy at least once every three months.',
  'policyTerms.law.title': 'Governing law',
  'policyTerms.law.p1':
    'These terms are governed by the laws of India, including the Information Technology Act, 2000 and the rules made under it. Disputes are subject to the jurisdiction of the courts in India.',
  'policyTerms.contact.title': 'Contact',
  'policyTerms.contact.p1':
    'Questions about these terms: {contact}, or use our <contactForm>contact form</contactForm>.',
  'policyTerms.contact.p2': 'Kholo is run by {company}.',
} as const;
