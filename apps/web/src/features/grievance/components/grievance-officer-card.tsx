import { Building2, Mail, MapPin, Phone } from 'lucide-react';
import type { LegalDetails } from '@kholo/contracts';
import { useT } from '../../../lib/i18n/index.ts';
import { useOfficerDesignation } from '../../../lib/officer-designation.ts';
import { phoneHref } from '../../../lib/public-config.ts';

const linkClasses =
  'inline-flex items-center gap-2 font-semibold break-all text-white underline decoration-marigold-400 decoration-2 underline-offset-4 hover:text-marigold-200';

/** The officer's name and every way to reach them, as Rule 3(2)(a) of the IT Rules asks. */
export function GrievanceOfficerCard({ officer }: { officer: LegalDetails['grievanceOfficer'] }) {
  const { t } = useT();
  const designation = useOfficerDesignation(officer.designation);
  return (
    <section aria-labelledby="grievance-officer-title" className="on-dark rounded-3xl bg-ink-950 p-6 text-white sm:p-7">
      <h2 id="grievance-officer-title" className="text-sm font-bold tracking-[0.14em] text-marigold-300 uppercase">
        {t('grievance.officerTitle')}
      </h2>
      <p className="mt-3 text-xl font-bold break-words">{officer.name}</p>
      <p className="text-ink-200">{designation}</p>
      <ul className="mt-5 space-y-3">
        <li>
          <a href={`mailto:${officer.email}`} className={linkClasses}>
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {officer.email}
          </a>
        </li>
        <li>
          <a href={phoneHref(officer.phone)} className={linkClasses}>
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {officer.phone}
          </a>
        </li>
        <li className="flex gap-2 text-ink-100">
          <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
          <address className="not-italic leading-7 break-words whitespace-pre-line">{officer.address}</address>
        </li>
      </ul>
    </section>
  );
}

/** Who runs Kholo: the company the officer answers for. */
export function CompanyCard({ company }: { company: LegalDetails['company'] }) {
  const { t } = useT();
  return (
    <section
      aria-labelledby="company-title"
      className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-7"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
          <Building2 aria-hidden="true" className="size-5" />
        </span>
        <h2 id="company-title" className="text-lg font-bold text-ink-950">
          {t('grievance.companyTitle')}
        </h2>
      </div>
      <p className="mt-3 font-semibold break-words text-ink-950">{company.legalName}</p>
      <address className="mt-1 leading-7 break-words whitespace-pre-line text-ink-muted not-italic">
        {company.address}
      </address>
    </section>
  );
}
