import {
  GRIEVANCE_ACKNOWLEDGE_MS,
  LANE_OF_REASON,
  LANE_TEXT,
  laneHoldsItem,
  REPORT_REASON_TEXT,
  REPORT_REASONS,
  type SafetyLane,
} from '@kholo/contracts';
import { Clock, Flag, type LucideIcon, Scale, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { getPublicConfig } from '../../lib/public-config.ts';
import { GrievanceForm } from './components/grievance-form.tsx';
import { CompanyCard, GrievanceOfficerCard } from './components/grievance-officer-card.tsx';

const linkClasses = 'font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950';

const HOUR_MS = 60 * 60_000;
/** "24 hours", from the rule rather than written out. */
const ACKNOWLEDGE_TEXT = `${GRIEVANCE_ACKNOWLEDGE_MS / HOUR_MS} hours`;

/** The Report dialog's choices in a lane, as it words them: “Child safety” or “Impersonation or a deepfake”. */
function reasonsIn(lane: SafetyLane): string {
  const quoted = REPORT_REASONS.filter((reason) => LANE_OF_REASON[reason] === lane).map(
    (reason) => `“${REPORT_REASON_TEXT[reason]}”`,
  );
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
}

export function GrievancePage() {
  const { legal } = getPublicConfig();
  return (
    <>
      <title>Grievance Officer · Kholo</title>
      <meta
        name="description"
        content="Kholo’s Grievance Officer under the IT Rules, 2021: who to write to, how fast we answer, and how to appeal."
      />
      {legal.sample ? (
        <div className="border-b border-marigold-300 bg-marigold-100">
          <p className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm leading-6 text-ink-950 sm:px-6 lg:px-8">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-marigold-800" />
            <span>
              <strong className="font-bold">
                Sample values: the operator has not configured the Grievance Officer yet.
              </strong>{' '}
              Set GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_PHONE, COMPANY_LEGAL_NAME and
              COMPANY_ADDRESS; production will not start without them.
            </span>
          </p>
        </div>
      ) : null}
      <div className="border-b border-ink-950/5 bg-sand">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20 sm:pb-16 lg:px-8">
          <p className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">Grievances</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink-950 sm:text-5xl">Grievance Officer</h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-ink-muted">
            A complaint about content on Kholo, your account, a payment or your personal data? Write to our Grievance
            Officer. We acknowledge every complaint by email at once, within {ACKNOWLEDGE_TEXT} at the latest, and
            resolve it within {LANE_TEXT.grievance}.
          </p>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_22rem] lg:gap-12 lg:px-8">
        <div className="space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <GrievanceOfficerCard officer={legal.grievanceOfficer} />
          <CompanyCard company={legal.company} />
        </div>

        <section
          aria-labelledby="grievance-form-title"
          className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-8 lg:col-start-1 lg:row-start-1 lg:p-10"
        >
          <h2 id="grievance-form-title" className="text-2xl font-bold tracking-tight text-ink-950">
            Write to the Grievance Officer
          </h2>
          <p className="mt-2 leading-7 text-ink-muted">
            All fields are required except the link. To have an item or a creator’s page taken down, the Report button
            on that page is faster (below).
          </p>
          <div className="mt-8">
            <GrievanceForm />
          </div>
        </section>

        <div className="space-y-5 lg:col-start-1 lg:row-start-2">
          <InfoCard icon={Clock} title="How quickly we act">
            <ul className="divide-y divide-ink-950/5">
              {(['urgent', 'unlawful'] as const).map((lane) => (
                <Timeline key={lane} time={`Within ${LANE_TEXT[lane]}`}>
                  <p className="font-semibold text-ink-950">Reports marked {reasonsIn(lane)}</p>
                  {laneHoldsItem(lane) ? (
                    <p>The item or page is hidden from everyone as soon as it is reported, while we look.</p>
                  ) : null}
                </Timeline>
              ))}
              <Timeline time={`Within ${LANE_TEXT.grievance}`}>
                <p className="font-semibold text-ink-950">Every other complaint</p>
                <p>
                  Acknowledged by email as soon as you send it, within {ACKNOWLEDGE_TEXT} at the latest, and resolved
                  within {LANE_TEXT.grievance} of it.
                </p>
              </Timeline>
            </ul>
          </InfoCard>

          <InfoCard icon={Flag} title="The Report button">
            <p>
              Anyone can report an item or a creator’s page, with or without an account: use the Report button on the
              item’s page or the creator’s page, and choose what is wrong. A report of intimate images, nudity or
              impersonation is decided within {LANE_TEXT.urgent}.
            </p>
          </InfoCard>

          <InfoCard icon={Scale} title="Not satisfied with our decision?">
            <p>
              You can appeal to the Grievance Appellate Committee set up by the Government of India, within 30 days of
              our decision, at{' '}
              <a href="https://gac.gov.in" target="_blank" rel="noreferrer" className={linkClasses}>
                gac.gov.in
              </a>
              . Our{' '}
              <Link to="/TermsAndConditions#grievances" className={linkClasses}>
                Terms and Conditions
              </Link>{' '}
              say what is allowed on Kholo, and our{' '}
              <Link to="/PrivacyPolicy" className={linkClasses}>
                Privacy Policy
              </Link>{' '}
              how we handle your data.
            </p>
          </InfoCard>
        </div>
      </div>
    </>
  );
}

function Timeline({ time, children }: { time: string; children: ReactNode }) {
  return (
    <li className="py-4 first:pt-1 last:pb-0">
      <p className="inline-flex rounded-full bg-marigold-100 px-3 py-0.5 text-sm font-bold text-ink-950">{time}</p>
      <div className="mt-2">{children}</div>
    </li>
  );
}

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-7">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 id={titleId} className="text-lg font-bold text-ink-950">
          {title}
        </h2>
      </div>
      <div className="mt-3 leading-7 text-ink-muted">{children}</div>
    </section>
  );
}
