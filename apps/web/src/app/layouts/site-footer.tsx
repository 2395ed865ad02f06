import { indiaYear } from '@kholo/contracts';
import { Link } from 'react-router';
import { Wordmark } from '../../components/ui/logo.tsx';
import { SupportLinks } from '../../components/ui/support-links.tsx';
import { POLICY_LINKS } from '../../features/policies/index.ts';
import { useT } from '../../lib/i18n/index.ts';

const linkClasses = 'rounded text-ink-200 underline-offset-4 transition-colors hover:text-white hover:underline';

export function SiteFooter() {
  const { t } = useT();
  return (
    <footer className="on-dark bg-ink-950 text-ink-200 print:hidden">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 lg:px-8 lg:pt-16">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1fr]">
          <div className="sm:col-span-2 lg:col-span-1">
            <Link to="/" aria-label={t('site.home')} className="inline-block rounded-xl p-1 -m-1">
              <Wordmark tone="light" />
            </Link>
            <p className="mt-4 max-w-sm text-[0.9375rem] leading-7">{t('site.footer.about')}</p>
          </div>
          <nav aria-labelledby="footer-policies">
            <h2 id="footer-policies" className="text-sm font-semibold tracking-wide text-white uppercase">
              {t('site.footer.policies')}
            </h2>
            <ul className="mt-4 space-y-3 text-[0.9375rem]">
              {POLICY_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClasses}>
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('site.footer.help')}</h2>
            <ul className="mt-4 space-y-3 text-[0.9375rem]">
              <li>
                <Link to="/ContactUs" className={linkClasses}>
                  {t('site.footer.contact')}
                </Link>
              </li>
              <li>
                <Link to="/grievance" className={linkClasses}>
                  {t('site.footer.grievance')}
                </Link>
              </li>
            </ul>
            <SupportLinks variant="plain" className="mt-3 text-[0.9375rem]" linkClassName={linkClasses} />
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t border-white/10 pt-6 text-sm text-ink-300 sm:flex-row sm:justify-between">
          <p>{t('site.footer.copyright', { year: indiaYear() })}</p>
          <p>{t('site.footer.madeInIndia')}</p>
        </div>
      </div>
    </footer>
  );
}
