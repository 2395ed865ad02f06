import {
  formatPaise,
  GRIEVANCE_ACKNOWLEDGE_MS,
  LANE_OF_REASON,
  LANE_TEXT,
  MIN_WITHDRAWAL_PAISE,
  REFUND_WINDOW_HOURS,
  REPORT_REASON_TEXT,
  REPORT_REASONS,
  TERMS_VERSION,
  UNLOCK_WINDOW_DAYS,
} from '@kholo/contracts';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import { CompanyIdentity, GrievanceOfficerContact, PolicyLink, SupportContact } from './components/policy-links.tsx';

const ACKNOWLEDGE_HOURS = GRIEVANCE_ACKNOWLEDGE_MS / (60 * 60_000);
/** The Report dialog's choices that are handled like complaints ("Something else"), as the dialog words them. */
const COMPLAINT_LANE_REASONS = REPORT_REASONS.filter((reason) => LANE_OF_REASON[reason] === 'grievance')
  .map((reason) => `“${REPORT_REASON_TEXT[reason]}”`)
  .join(' or ');

const sections: readonly PolicySection[] = [
  {
    id: 'about',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms are an agreement between you and <CompanyIdentity /> (“Kholo”, “we”, “us”), which runs the Kholo
          website and service, about using them. By creating an account, uploading content or unlocking content, you
          accept them. If you don’t agree, please don’t use Kholo.
        </p>
        <p>
          <strong>You must be 18 or older</strong> to create an account, sell or buy on Kholo. If we learn that an
          account belongs to someone under 18, we close it and delete their personal data.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>Give us accurate details and keep them up to date.</li>
        <li>
          Keep your password and the sign-in codes we email you private. You are responsible for what happens on your
          account.
        </li>
        <li>Use only your own account, and don’t create accounts for someone else without their permission.</li>
        <li>Tell us straight away if you think someone else has used your account.</li>
      </ul>
    ),
  },
  {
    id: 'personal-use',
    title: 'Content is for personal viewing only',
    content: (
      <>
        <p>
          When you unlock an item you get a personal, non-transferable right to view and download it for{' '}
          {UNLOCK_WINDOW_DAYS} days, for your own private, non-commercial use. The creator keeps all rights in it. You
          must not:
        </p>
        <ul>
          <li>share, re-upload, forward, sell, rent or publish it anywhere, including in groups and chats;</li>
          <li>screen-record or copy it to get around the access period;</li>
          <li>edit it, or use it to train or create AI models or synthetic images of the creator.</li>
        </ul>
        <p>Breaking these rules may lead to your account being closed and to legal action by the creator.</p>
      </>
    ),
  },
  {
    id: 'creators',
    title: 'Creators are responsible for their uploads',
    content: (
      <>
        <p>
          Creators are solely responsible for everything they upload, its title, description and price, and for making
          sure it is lawful. Each time you upload, you confirm that:
        </p>
        <ul>
          <li>you made it, or you own or have licensed every right needed to sell access to it;</li>
          <li>
            every person who appears in it is 18 or older, agreed to appear in it and agreed to it being sold on Kholo;
          </li>
          <li>the title, description and 18+ label are accurate and not misleading;</li>
          <li>it follows the content rules below and Indian law.</li>
        </ul>
        <p>
          Before your first withdrawal we may ask you to verify your identity and payout details, for example your PAN
          and UPI ID. Creators are responsible for their own income tax and GST. Where the law requires us to, we deduct
          or collect tax (such as TDS or GST TCS) from creator earnings and give you the records for it.
        </p>
      </>
    ),
  },
  {
    id: 'content-rules',
    title: 'Content rules',
    content: (
      <>
        <p>You must not upload, sell, or share through Kholo anything that:</p>
        <ul>
          <li>
            is <strong>sexually explicit or sexually suggestive</strong>, obscene or pornographic, whether or not it is
            marked 18+;
          </li>
          <li>shows or involves anyone under 18 in any way that is sexual, harmful or exploitative;</li>
          <li>
            invades someone’s privacy, including bodily privacy, or was shared without the consent of the people in it;
          </li>
          <li>
            impersonates someone, or is a morphed, deepfake or synthetically generated image or video of a real person
            presented as real;
          </li>
          <li>belongs to someone else or infringes copyright, trademarks or other rights;</li>
          <li>
            harasses or insults anyone on the basis of gender, religion, caste, race or any other characteristic, or
            promotes violence;
          </li>
          <li>deceives or misleads buyers, or relates to money laundering or gambling;</li>
          <li>contains malware, or threatens the unity, security or sovereignty of India or public order;</li>
          <li>breaks any law in force in India.</li>
        </ul>
        <h3>What the 18+ label means</h3>
        <p>
          The 18+ label is for <strong>mature content that is not sexual</strong>, such as horror, gore, strong language
          or graphic medical content. Only people who confirm they are 18 or older can see these items, even as
          previews. The label never makes sexual content acceptable; such content is removed and the account may be
          closed.
        </p>
      </>
    ),
  },
  {
    id: 'no-pre-screening',
    title: 'We don’t pre-screen content',
    content: (
      <p>
        Kholo is a platform that hosts content uploaded by creators. We do not review content before it is published,
        and we don’t endorse what creators upload. We may review any content at any time, and we remove or disable
        access to content that breaks these terms or the law, when it is reported to us or when we are ordered to by a
        court or the government.
      </p>
    ),
  },
  {
    id: 'payments',
    title: 'Prices, fees and payouts',
    content: (
      <>
        <p>
          Creators set their prices in Indian rupees (₹). Fans pay through our payment provider by UPI, debit or credit
          card, or net banking. Each unlock gives {UNLOCK_WINDOW_DAYS} days of access from the moment the payment is
          confirmed; nothing renews automatically.
        </p>
        <p>
          There are no monthly fees. Kholo keeps a small platform fee from each sale, included in the price the fan
          pays; the rest is added to the creator’s wallet. Creators can see each sale’s split in their account.
        </p>
        <p>
          Creators can withdraw their balance to a UPI ID in their own name once it reaches{' '}
          {formatPaise(MIN_WITHDRAWAL_PAISE)}. We may hold a payout while we check suspected fraud, a reported breach of
          these terms or a legal order, and we may withhold earnings from sales that broke these terms.
        </p>
        <p>
          Problems with a purchase are covered by our{' '}
          <PolicyLink to="/CancellationsAndRefunds">refund policy</PolicyLink>: contact us within {REFUND_WINDOW_HOURS}{' '}
          hours.
        </p>
      </>
    ),
  },
  {
    id: 'grievances',
    title: 'Reporting content and grievances',
    content: (
      <>
        <p>
          To report an item or a creator’s page, use the <strong>Report button</strong> on that page; anyone can, with
          or without an account. For any other complaint about Kholo, use the complaint form on our{' '}
          <PolicyLink to="/grievance">Grievance Officer page</PolicyLink>, or write to our Grievance Officer,{' '}
          <GrievanceOfficerContact />.
        </p>
        <ul>
          <li>
            We acknowledge every complaint within {ACKNOWLEDGE_HOURS} hours (the form’s by email, at once) and resolve
            it within {LANE_TEXT.grievance}.
          </li>
          <li>
            Reports of content that breaks the content rules above are decided within {LANE_TEXT.unlawful}; a report
            marked {COMPLAINT_LANE_REASONS} is handled like a complaint.
          </li>
          <li>
            If content shows you nude or in a sexual act, or impersonates you, including morphed or AI-generated images,
            report it and we decide within {LANE_TEXT.urgent}. The item is hidden from everyone as soon as it is
            reported, while we look.
          </li>
          <li>Court and government orders are acted on within the time the law sets.</li>
        </ul>
        <p>
          If you are unhappy with our decision, you can appeal to the Grievance Appellate Committee set up by the
          Government of India within 30 days of it, at <a href="https://gac.gov.in">gac.gov.in</a>.
        </p>
      </>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension and termination',
    content: (
      <>
        <p>
          We may suspend or close any account, remove any content, or stop any payout, <strong>without notice</strong>,
          if we reasonably believe it breaks these terms or the law, or to protect fans, creators or Kholo. Where the
          law requires, we keep the related records and report to the authorities.
        </p>
        <p>
          You can stop using Kholo and ask us to close your account at any time. Closing an account does not undo sales
          already made or cancel rights fans have already bought.
        </p>
      </>
    ),
  },
  {
    id: 'licence',
    title: 'Your content and our licence',
    content: (
      <p>
        Creators keep ownership of their content. By uploading, you give Kholo a non-exclusive, royalty-free licence to
        store it, make blurred previews and thumbnails of it, show those previews on Kholo, and deliver the original to
        fans who have paid for access, for as long as it is on Kholo and any access already sold lasts.
      </p>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    content: (
      <p>
        You agree to indemnify and hold harmless Kholo and its people from any claim, loss, penalty or expense
        (including reasonable legal fees) arising from content you upload, your use of Kholo, your breach of these
        terms, or your violation of any law or anyone else’s rights.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    content: (
      <p>
        We work hard to keep Kholo available and secure, but we provide it “as is” and can’t promise it will always be
        free of interruptions or errors. To the extent the law allows, we are not liable for indirect or consequential
        losses, and our total liability to you for any claim is limited to the amounts you paid to, or the platform fees
        we earned from you on, Kholo in the three months before the claim. Nothing in these terms limits rights you have
        under Indian consumer protection law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as Kholo or the law changes. We will show the date of the latest version at the top of
        this page and tell you by email or on Kholo before important changes take effect. We also remind everyone of
        these terms and our Privacy Policy at least once every three months.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    content: (
      <p>
        These terms are governed by the laws of India, including the Information Technology Act, 2000 and the rules made
        under it. Disputes are subject to the jurisdiction of the courts in India.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <>
        <p>
          Questions about these terms: <SupportContact />, or use our{' '}
          <PolicyLink to="/ContactUs">contact form</PolicyLink>.
        </p>
        <p>
          Kholo is run by <CompanyIdentity />.
        </p>
      </>
    ),
  },
];

export function TermsAndConditionsPage() {
  return (
    <PolicyPage
      title="Terms and Conditions"
      description={`The rules for creators and fans on Kholo: accounts, what may be sold, ${UNLOCK_WINDOW_DAYS}-day access, payments, payouts, takedowns and complaints.`}
      lastUpdated={TERMS_VERSION}
      summary={
        <p>
          Content on Kholo is for personal viewing only. Creators are responsible for what they upload, we don’t
          pre-screen it, and sexually explicit content is never allowed. Prices are in rupees, each unlock lasts{' '}
          {UNLOCK_WINDOW_DAYS} days, and we keep only a small platform fee.
        </p>
      }
      sections={sections}
    />
  );
}
