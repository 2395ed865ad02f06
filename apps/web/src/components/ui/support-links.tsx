import { Mail, Phone } from 'lucide-react';
import { getPublicConfig, phoneHref } from '../../lib/public-config.ts';
import { cn } from '../../lib/cn.ts';

/**
 * The support line: the email always, the phone only when the operator has configured one.
 * Rendered as a list so each line reads on its own.
 */
export function SupportLinks({
  className,
  linkClassName,
  variant = 'underlined',
}: {
  className?: string;
  linkClassName?: string;
  /** `underlined` for running text and cards; `plain` to match a list of plain links (the footer). */
  variant?: 'underlined' | 'plain';
}) {
  const { supportEmail, supportPhone } = getPublicConfig();
  const link = cn(
    'inline-flex items-center gap-2',
    variant === 'underlined' && 'font-semibold underline decoration-2 underline-offset-4',
    linkClassName,
  );
  return (
    <ul className={cn('space-y-2', className)}>
      <li>
        <a href={`mailto:${supportEmail}`} className={link}>
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          {supportEmail}
        </a>
      </li>
      {supportPhone ? (
        <li>
          <a href={phoneHref(supportPhone)} className={link}>
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {supportPhone}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
