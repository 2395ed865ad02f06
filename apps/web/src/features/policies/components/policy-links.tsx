import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getPublicConfig, phoneHref } from '../../../lib/public-config.ts';

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
  const { supportPhone } = getPublicConfig();
  return (
    <>
      <SupportEmailLink />
      {supportPhone ? (
        <>
          {' '}
          or call{' '}
          <a href={phoneHref(supportPhone)} className="whitespace-nowrap">
            {supportPhone}
          </a>
        </>
      ) : null}
    </>
  );
}
