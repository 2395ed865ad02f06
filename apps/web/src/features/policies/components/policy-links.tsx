import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getPublicConfig, phoneHref } from '../../../lib/public-config.ts';
import { useOfficerDesignation } from '../../../lib/officer-designation.ts';
import { renderRich } from './rich-text.tsx';
import { useT } from '../../../lib/i18n/index.ts';

/** The support address as a mailto link, for use inside policy text. */
export function SupportEmailLink({ subject }: { subject?: string }) {
  const { supportEmail } = getPublicConfig();
  const href = subject ? `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}` : `mailto:${supportEmail}`;
  return <a href={href}>{supportEmail}</a>;
}

/** An in-app link inside policy text. */
export function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return <Link to={to}>{children}</Link>;
}

/** "{supportEmail}" or "{supportEmail} or {supportPhone}", for "write to us at …" sentences. */
export function SupportContact() {
  const { t } = useT();
  const { supportPhone } = getPublicConfig();
  if (!supportPhone) return <SupportEmailLink />;
  return renderRich(t('policyShared.orCall'), {
    email: <SupportEmailLink />,
    phone: (
      <a href={phoneHref(supportPhone)} className="whitespace-nowrap">
        {supportPhone}
      </a>
    ),
  });
}

/** An address's lines on one line, for running text: "4th Floor, 12 MI Road, Jaipur 302001". */
function oneLine(address: string): string {
  return address
    .split('\n')
    .map((line) => line.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');
}

/** "Kholo Technologies Private Limited, 4th Floor, 12 MI Road, Jaipur 302001": who runs Kholo and where. */
export function CompanyIdentity() {
  const { company } = getPublicConfig().legal;
  return (
    <>
      <strong>{company.legalName}</strong>, {oneLine(company.address)}
    </>
  );
}

/** "Asha Verma (Grievance Officer), at grievance@kholo.in or +91 141 400 0000, or by post to …" */
export function GrievanceOfficerContact() {
  const { t } = useT();
  const { grievanceOfficer: officer } = getPublicConfig().legal;
  const designation = useOfficerDesignation(officer.designation);
  return renderRich(t('policyShared.officer'), {
    name: <strong>{officer.name}</strong>,
    designation,
    email: <a href={`mailto:${officer.email}?subject=${encodeURIComponent('Grievance')}`}>{officer.email}</a>,
    phone: (
      <a href={phoneHref(officer.phone)} className="whitespace-nowrap">
        {officer.phone}
      </a>
    ),
    address: oneLine(officer.address),
  });
}
