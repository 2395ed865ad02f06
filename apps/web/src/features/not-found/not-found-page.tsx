import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n/index.ts';

export function NotFoundPage() {
  const { t } = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{t('notFound.title')}</title>
      <meta name="description" content={t('notFound.description')} />
      <p
        aria-hidden="true"
        className="bg-gradient-to-b from-ink-900 to-ink-600 bg-clip-text text-[7rem] leading-none font-black tracking-tighter text-transparent sm:text-[9rem]"
      >
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">{t('notFound.heading')}</h1>
      <p className="mt-4 text-lg leading-8 text-ink-muted">{t('notFound.body')}</p>
      <div className="mt-9 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses({ variant: 'dark', size: 'lg' })}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('notFound.home')}
        </Link>
        <Link to="/ContactUs" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          {t('notFound.help')}
        </Link>
      </div>
    </div>
  );
}
