/**
 * The landing page (SPEC §9). `{placeholders}` are filled by the page: numbers, prices, and in
 * `…Rich` messages a link or other element (the web's `tRich`). Payout sentences come in two
 * versions by the server's PAYOUTS mode (`auto` / `manual`), so every promise stays true.
 */
export const landingEn = {
  'landing.title': 'Kholo — Sell your photos and videos',
  'landing.description':
    'Kholo lets Indian creators sell 14-day access to their photos and videos at prices they set in rupees. Fans pay by UPI, card or net banking. No monthly fees and instant payouts to UPI.',
  'landing.hero.eyebrow': 'For Indian creators · Paid in ₹',
  'landing.hero.titleAccessible': 'Turn your photos and videos into income',
  'landing.hero.titleStart': 'Turn',
  'landing.hero.titleEnd': 'into income.',
  'landing.hero.tagline1': 'your photos',
  'landing.hero.tagline2': 'your videos',
  'landing.hero.tagline3': 'your reels',
  'landing.hero.tagline4': 'your artwork',
  'landing.hero.tagline5': 'your recipes',
  'landing.hero.lead':
    'Sell {days}-day access to your photos and videos at prices you set in rupees. Fans pay by UPI, cards or net banking. No monthly fees, only a small platform fee per unlock, and {payoutClause}',
  'landing.hero.startSelling': 'Start selling',
  'landing.hero.howItWorks': 'How Kholo works',
  'landing.hero.noMonthlyFees': 'No monthly fees',
  'landing.hero.paymentMethods': 'UPI, cards & net banking',
  'landing.preview.bio': 'Travel & food · Jaipur',
  'landing.preview.posts': '{count} posts',
  'landing.preview.unlocked': 'Unlocked ({days}d left)',
  'landing.preview.unlockFor': 'Unlock for {price}',
  'landing.preview.copy': 'Copy',
  'landing.payout.auto.highlight': 'UPI payouts, usually in under a minute',
  'landing.payout.auto.heroClause': 'instant payouts to your verified UPI ID, usually in under a minute.',
  'landing.payout.auto.benefitTitle': 'Instant payouts to UPI',
  'landing.payout.auto.benefitBody':
    'Payouts to your verified UPI ID usually arrive in under a minute. We check your first payout, and the first after you change your payout account, within 24 hours.',
  'landing.payout.auto.faqAfterMinimum':
    'request a withdrawal to the UPI ID you saved (we check it with your bank first). Payouts usually arrive in under a minute; we check your first payout, and the first after you change your payout account, within 24 hours. No waiting for the end of the month.',
  'landing.payout.auto.previewNote': 'Paid to UPI in under a minute',
  'landing.payout.manual.highlight': 'Payouts to UPI, usually within 24 hours',
  'landing.payout.manual.heroClause': 'payouts to your UPI ID, usually within 24 hours.',
  'landing.payout.manual.benefitTitle': 'Payouts to UPI',
  'landing.payout.manual.benefitBody':
    'Request a withdrawal and our team pays it to your UPI ID, usually within 24 hours. No waiting for month-end settlements.',
  'landing.payout.manual.faqAfterMinimum':
    'request a withdrawal to your UPI ID and our team pays it, usually within 24 hours. No waiting for the end of the month.',
  'landing.payout.manual.previewNote': 'Payout sent to UPI',
  'landing.how.eyebrow': 'Three steps',
  'landing.how.title': 'How it works',
  'landing.how.lead': 'From your camera roll to your UPI ID, without a single monthly bill.',
  'landing.how.step': 'Step {number}: ',
  'landing.how.createTitle': 'Create your creator page',
  'landing.how.createBodyRich':
    'Sign up with your email and choose your name. You get one link, {link}, to share on Instagram, YouTube or WhatsApp.',
  'landing.how.yourName': 'yourname',
  'landing.how.uploadTitle': 'Upload and set your price',
  'landing.how.uploadBody':
    'Add photos or videos (up to {megabytes} MB each) with a title, a short description and a price in rupees. You decide what each one is worth.',
  'landing.how.paidTitle': 'Fans unlock, you get paid',
  'landing.how.paidBody':
    'Fans pay by UPI, card or net banking and get {days} days of access. Your earnings land in your Kholo wallet, ready to withdraw to UPI.',
  'landing.benefits.eyebrow': 'Why Kholo',
  'landing.benefits.title': 'Why creators choose Kholo',
  'landing.benefits.lead':
    'Built around how Indian creators actually earn: simple pricing, familiar payments, money in your account fast.',
  'landing.benefits.noFeesTitle': 'No monthly fees',
  'landing.benefits.noFeesBody':
    'No subscription, no listing charges. Sign up and upload for free, and pay nothing until you earn.',
  'landing.benefits.feeTitle': 'Only a small platform fee',
  'landing.benefits.feeBody':
    'We keep a small platform fee each time a fan unlocks your work. The rest of every sale is yours.',
  'landing.benefits.payTitle': 'Fans pay their way',
  'landing.benefits.payBody':
    'UPI, debit and credit cards, and net banking: the ways your fans already pay, all in rupees.',
  'landing.benefits.priceTitle': 'You set the price',
  'landing.benefits.priceBody':
    'Price each photo or video in ₹, from as little as {minPrice}. Every unlock gives a fan {days} days of access.',
  'landing.benefits.protectTitle': 'Your originals stay protected',
  'landing.benefits.protectBody':
    'Until a fan pays, they only see a blurred preview. Your original file never reaches anyone who hasn’t unlocked it.',
  'landing.faq.eyebrow': 'Questions',
  'landing.faq.title': 'Frequently asked questions',
  'landing.faq.lead': 'Straight answers about fees, payments and what you can sell.',
  'landing.faq.costQuestion': 'Does it cost anything to start selling?',
  'landing.faq.costAnswer':
    'No. There are no monthly fees and no sign-up or listing charges. Kholo keeps only a small platform fee each time a fan unlocks something you’ve posted; everything else from that sale is yours.',
  'landing.faq.fansQuestion': 'How do fans pay, and how long do they keep access?',
  'landing.faq.fansAnswer':
    'Fans pay the price you set, in rupees, with any UPI app (or a UPI QR on a laptop), a debit or credit card, or net banking, with just their email: no password to make up first. Each unlock gives them {days} days of access from the moment they pay, and we remind them by email two days before it ends (unless they turn reminders off). Nothing renews automatically: after {days} days the item locks again, and they can unlock it again if they want to.',
  'landing.faq.payoutsQuestion': 'How and when do I get paid?',
  'landing.faq.payoutsAnswer':
    'Every unlock adds your earnings to your Kholo wallet straight away. Once your balance reaches {minimum}, {afterMinimum}',
  'landing.faq.contentQuestion': 'What can I upload? Is 18+ content allowed?',
  'landing.faq.contentAnswer':
    'Photos and videos that you made or have the right to sell, up to {megabytes} MB each. Mature content, such as horror, gore or strong language, is allowed when you mark it 18+, so only adults who confirm their age see it.',
  'landing.faq.contentRulesRich':
    'Sexually explicit or sexually suggestive content is never allowed on Kholo, with or without an 18+ label. {link}.',
  'landing.faq.contentRulesLink': 'Read our content rules',
  'landing.faq.refundsQuestion': 'What if a fan has a problem with a purchase?',
  'landing.faq.refundsAnswerRich':
    'All sales are final, but if something goes wrong, such as content that won’t load or a purchase made by accident, the fan can contact our support team within {hours} hours and we’ll sort it out. {link}.',
  'landing.faq.refundsLink': 'Read the full refund policy',
  'landing.start.eyebrow': 'Get started',
  'landing.start.title': 'Ready to open up your work?',
  'landing.start.lead': 'Setting up your creator page takes about two minutes. Here’s all you need:',
  'landing.start.need1': 'Your name, email address and a password',
  'landing.start.need2': 'A photo or video you’d like to sell',
  'landing.start.need3': 'A UPI ID and your PAN, when you’re ready to withdraw',
  'landing.start.create': 'Create your creator account',
  'landing.start.login': 'I already have an account',
  'landing.start.talkTitle': 'Talk to a real person',
  'landing.start.talkBody':
    'Questions before you start, or stuck with a payment? Our support team is here to help by email.',
  'landing.start.talkBodyWithPhone':
    'Questions before you start, or stuck with a payment? Our support team is here to help by email or phone.',
  'landing.start.message': 'Send us a message',
} as const;
