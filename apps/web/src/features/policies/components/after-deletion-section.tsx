import type { PolicySection } from './policy-page.tsx';

/**
 * "What stays after you delete your account, and why": exactly what ADR 024 lists, and what
 * POST /api/account/delete keeps. Change the two together.
 */
function AfterDeletion() {
  return (
    <>
      <p>
        When you delete your account (on the <strong>Your data</strong> page, from the menu under your name), you are
        logged out everywhere at once and nobody can log in to it again. Your name, email address, password, sign-in
        codes, email settings, creator bio and photo, and payout account (UPI ID, names and PAN) are erased, and emails
        still waiting to be sent to you are cancelled. A creator’s page and items leave public view at once; fans who
        bought an item keep their access until their 14 days end, as when a creator deletes an item. Her page address
        stays reserved for her for the usual cooling-off period, so nobody else can use it to pose as her, and is then
        free.
      </p>
      <p>We keep the following, without your name or email address, under a placeholder that names no one:</p>
      <ul>
        <li>
          <strong>Orders and payments</strong> (amount, item, status, dates, the payment provider’s reference and
          method), <strong>refunds</strong> and <strong>invoices and tax figures</strong>: GST law makes us keep
          accounts and records for 72 months (CGST Act s.36), and income-tax law requires books of account (s.44AA, Rule
          6F). We keep them as long as these laws require: at present up to 8 years from the end of the financial year
          they belong to.
        </li>
        <li>
          <strong>The ledger</strong> (every movement of money, and a creator’s wallet balance, including an amount
          below the minimum withdrawal she gave up): the books of account above, for the same 8 years. A balance given
          up stays recorded in her wallet account; it is not moved or paid to anyone.
        </li>
        <li>
          <strong>Withdrawals that were paid out</strong>, with the UPI ID and the name at the bank they were paid to
          and the bank’s reference: the record of where the money went, for the same 8 years. Withdrawals that were
          never paid keep no UPI ID or name.
        </li>
        <li>
          <strong>Problem reports and disputes</strong> about orders, and{' '}
          <strong>your purchases’ access records</strong> (when access started and ended, how often the item was
          opened): evidence for a payment dispute or a complaint, kept with the orders.
        </li>
        <li>
          <strong>Reports, complaints and review requests you sent</strong> (what you wrote and what we decided),
          without your name, email or account: the IT Rules expect us to keep a record of complaints and how we handled
          them, and a decision may be appealed. Kept with the audit log.
        </li>
        <li>
          <strong>The audit log and security logs</strong>, including one line that your account was deleted (with no
          name or email): at least one year, as the DPDP Rules require (Rule 8(3)), and 180 days of system logs under
          CERT-In’s directions.
        </li>
        <li>
          <strong>The Terms and Privacy Policy versions you accepted</strong>: evidence of the agreement under which the
          records above were made, kept with them.
        </li>
      </ul>
      <p>
        The Digital Personal Data Protection Act lets us keep personal data after you ask us to erase it only where
        retention is necessary to comply with a law (s.8(7)). We use what we keep for that and for nothing else.
      </p>
    </>
  );
}

export const afterDeletionSection: PolicySection = {
  id: 'after-deletion',
  title: 'What stays after you delete your account, and why',
  content: <AfterDeletion />,
};
