import { PRIVACY_PATH, TERMS_PATH } from '@kholo/contracts';
import { useT } from '../../lib/i18n/index.ts';

const LINK = 'font-semibold text-ink-800 underline decoration-1 underline-offset-2 hover:text-ink-950';

/**
 * "By continuing you agree to the Terms and the Privacy Policy", under every form that can make an
 * account (sign-up, log-in by code, a visitor's checkout): the account records the versions in
 * force when it is made. The links open a new tab, so a half-filled form is not lost.
 */
export function PolicyAgreement({ className }: { className?: string }) {
  const { t, tRich } = useT();
  return (
    <p className={className ?? 'text-xs leading-5 text-ink-muted'}>
      {tRich('ui.policyAgreement', {
        terms: (
          <a href={TERMS_PATH} target="_blank" rel="noopener" className={LINK}>
            {t('ui.terms')}
            <span className="sr-only"> {t('ui.opensInNewTab')}</span>
          </a>
        ),
        privacy: (
          <a href={PRIVACY_PATH} target="_blank" rel="noopener" className={LINK}>
            {t('ui.privacyPolicy')}
            <span className="sr-only"> {t('ui.opensInNewTab')}</span>
          </a>
        ),
      })}
    </p>
  );
}
