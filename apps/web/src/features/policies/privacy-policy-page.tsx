import { PRIVACY_VERSION, VISITS_KEPT_DAYS } from '@kholo/contracts';
import { afterDeletionSection } from './components/after-deletion-section.tsx';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import {
  CompanyIdentity,
  GrievanceOfficerContact,
  PolicyLink,
  SupportContact,
  SupportEmailLink,
} from './components/policy-links.tsx';

const sections: readonly PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <p>
        Kholo is a marketplace where creators sell time-limited access to their photos and videos, run by{' '}
        <CompanyIdentity /> (“Kholo”, “we”, “us”). For the personal data described here, Kholo is the “data fiduciary”
        under India’s Digital Personal Data Protection Act, 2023 (DPDP Act): we decide why and how it is used, and we
        are responsible for it.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and, if you choose one, your password (stored
            only as a secure hash, never in readable form), and your confirmation that you are 18 or older. You can buy
            with just your email: we email you a one-time code instead of asking for a password.
          </li>
          <li>
            <strong>Creator details:</strong> your public profile (name, profile link, bio and photo), the content you
            upload with its titles, descriptions and prices, and your UPI ID for payouts. Before payouts we may also
            need identity and tax details such as your PAN, as Indian tax law requires.
          </li>
          <li>
            <strong>Purchases and earnings:</strong> what you unlocked or sold, when, for how much, and the order and
            payment references.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form or by email.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser and device type, and logs of sign-ins and actions
            on your account, which we need to keep Kholo secure.
          </li>
          <li>
            <strong>Visits to creators’ pages:</strong> we count visits so a creator can see how many people saw her
            page and where they came from (for example Instagram or WhatsApp). We count them ourselves, without cookies
            or outside services, as a code made from the day, your IP address and browser, which changes every day; we
            don’t store the address or browser with it, and we delete visit counts after {VISITS_KEPT_DAYS} days.
          </li>
        </ul>
        <p>
          We remove hidden location data (EXIF) from photos you upload. We only use cookies that Kholo needs to work,
          such as the one that keeps you signed in. We don’t use advertising or tracking cookies.
        </p>
      </>
    ),
  },
  {
    id: 'payment-data',
    title: 'Payment data',
    content: (
      <p>
        Payments are handled by our payment provider, Cashfree Payments, an RBI-regulated payment aggregator. You enter
        your card, UPI or net banking details on their secure pages, not on Kholo.{' '}
        <strong>We never see or store your full card number, CVV, UPI PIN or net banking password.</strong> We receive
        only what we need to confirm and record the payment: the amount, its status, the type of payment method and a
        reference number.
      </p>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your data',
    content: (
      <>
        <p>
          <strong>We use your data only to provide Kholo, and we never sell it.</strong> Specifically, we use it to:
        </p>
        <ul>
          <li>create and secure your account and keep you signed in;</li>
          <li>show creators’ pages and deliver content to the fans who paid for it;</li>
          <li>process payments, refunds and payouts, and keep accurate financial records;</li>
          <li>prevent fraud, abuse and content that breaks our rules;</li>
          <li>answer your messages and handle complaints;</li>
          <li>
            send you emails about your account, such as sign-in codes, password resets, payment confirmations, a
            reminder two days before your access to an item ends (every reminder has a link to stop them) and important
            changes to our terms;
          </li>
          <li>meet our legal duties, for example under tax law and the IT Act.</li>
        </ul>
        <p>We don’t show ads, and we don’t build advertising profiles.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We share personal data only when we need to, and only what is needed:</p>
        <ul>
          <li>our payment provider, to take payments, make payouts and send refunds;</li>
          <li>
            companies that host our servers, store files and send our emails, which may use the data only on our
            instructions;
          </li>
          <li>
            government authorities, courts and law enforcement, when Indian law requires us to, for example for tax
            filings or a lawful order.
          </li>
        </ul>
        <p>
          Your public creator profile and content previews are visible to anyone. Creators see how their content is
          doing and what they earned, but not fans’ payment details.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>
          Account and profile data: while your account is open. When you close it, we delete it, keeping only what the
          law requires us to keep, for as long as it requires.
        </li>
        <li>
          Content you upload: until you delete it or close your account, except that fans keep access they already paid
          for until it ends.
        </li>
        <li>
          Payment, payout, tax and invoice records: for as long as Indian tax and accounting laws require, even after
          you close your account.
        </li>
        <li>Security and activity logs: at least one year, as Indian law requires, and then deleted.</li>
        <li>Messages to support: as long as needed to resolve them, and at least one year after that.</li>
      </ul>
    ),
  },
  afterDeletionSection,
  {
    id: 'your-rights',
    title: 'Your rights under the DPDP Act',
    content: (
      <>
        <p>Under the Digital Personal Data Protection Act, 2023, you have the right to:</p>
        <ul>
          <li>get a summary of the personal data we hold about you and the list of those we shared it with;</li>
          <li>have inaccurate or incomplete data corrected, completed or updated;</li>
          <li>have your data erased, unless the law requires us to keep it;</li>
          <li>withdraw your consent at any time, as easily as you gave it;</li>
          <li>nominate someone to exercise these rights for you in case of death or incapacity;</li>
          <li>have your complaints about your data handled by us.</li>
        </ul>
        <p>
          To get your data or delete your account, use the <strong>Your data</strong> page (the menu under your name,
          once you are logged in): it downloads everything we hold about you as a file at once, and deletes your account
          at once (see <PolicyLink to="#after-deletion">what stays, and why</PolicyLink>). For the other rights, write
          to <SupportEmailLink subject="Data request" /> from the email address of your account. We respond as quickly
          as we can, and within 90 days at the latest. If you’re not satisfied with our answer, you can complain to the
          Data Protection Board of India.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        Kholo is only for adults. We don’t knowingly collect data from anyone under 18, and we don’t track or target
        children in any way. If we learn that an account belongs to someone under 18, we close it and delete their data.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        We use encrypted connections (HTTPS), store passwords only as secure hashes, limit which of our people can see
        personal data, and serve original content only to its creator and to fans with active access. If a data breach
        affects you, we will tell you and the Data Protection Board of India without delay, with what happened and what
        you can do.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top of this page, and we tell you by email or on Kholo
        before important changes take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact and grievances',
    content: (
      <>
        <p>
          To raise a grievance about your data, use the complaint form on our{' '}
          <PolicyLink to="/grievance">Grievance Officer page</PolicyLink> or write to our Grievance Officer,{' '}
          <GrievanceOfficerContact />.
        </p>
        <p>
          For other questions about your data or this policy, write to <SupportContact />, or use our{' '}
          <PolicyLink to="/ContactUs">contact form</PolicyLink>.
        </p>
      </>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      description="What personal data Kholo collects, why, who it is shared with, how long it is kept, and how to download or delete yours."
      lastUpdated={PRIVACY_VERSION}
      summary={
        <p>
          We use your personal data only to provide Kholo, and we never sell it. Payment details are handled by our
          payment provider, not stored by us, and you can ask to see, correct or delete your data at any time.
        </p>
      }
      sections={sections}
    />
  );
}
