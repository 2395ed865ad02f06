import type { CreatorMovedTo } from '@kholo/contracts';
import { ArrowLeft, ArrowRight, ImageOff, Signpost, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { creatorPageUrl } from './creator-profile-header.tsx';

const homeLink =
  'mt-5 inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-semibold text-ink-muted hover:text-ink-950';

/** A page in place of a creator's: an icon, a heading, a few words and where to go next. */
function CreatorPageNotice({
  title,
  icon,
  heading,
  children,
}: {
  title: string;
  icon: ReactNode;
  heading: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{`${title} · Kholo`}</title>
      <span className="grid size-16 place-items-center rounded-full bg-marigold-100 text-marigold-800">{icon}</span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">{heading}</h1>
      {children}
    </div>
  );
}

function BackHome({ asButton }: { asButton: boolean }) {
  const { t } = useT();
  return (
    <Link to="/" className={asButton ? buttonClasses({ variant: 'dark', size: 'lg', className: 'mt-9' }) : homeLink}>
      <ArrowLeft aria-hidden="true" className={asButton ? 'size-5' : 'size-4'} />
      {t('creatorPage.backHome')}
    </Link>
  );
}

export function CreatorNotFound() {
  const { t } = useT();
  return (
    <CreatorPageNotice
      title={t('creatorPage.notFound.title')}
      icon={<ImageOff aria-hidden="true" className="size-7" />}
      heading={t('creatorPage.notFound.heading')}
    >
      <p className="mt-4 text-lg leading-8 text-ink-muted">{t('creatorPage.notFound.body')}</p>
      <BackHome asButton />
    </CreatorPageNotice>
  );
}

/** An old address within its cooling-off period: the creator who had it is at `movedTo` now. */
export function CreatorMoved({ movedTo }: { movedTo: CreatorMovedTo }) {
  const { t, tRich } = useT();
  const newPage = `/u/${encodeURIComponent(movedTo.handle)}`;
  const shownAddress = creatorPageUrl(movedTo.handle).replace(/^https?:\/\//, '');
  return (
    <CreatorPageNotice
      title={t('creatorPage.moved.title', { name: movedTo.name })}
      icon={<Signpost aria-hidden="true" className="size-7" />}
      heading={t('creatorPage.moved.heading')}
    >
      <p className="mt-4 text-lg leading-8 break-words text-ink-muted">
        {tRich('creatorPage.moved.nowAt', {
          name: <span className="font-semibold text-ink-950">{movedTo.name}</span>,
        })}
      </p>
      <p className="mt-3 max-w-full rounded-2xl bg-white px-4 py-2.5 font-semibold break-all text-ink-950 shadow-sm ring-1 ring-ink-950/5">
        {shownAddress}
      </p>
      <p className="mt-4 leading-7 text-ink-muted">{t('creatorPage.moved.update')}</p>
      <Link to={newPage} className={buttonClasses({ variant: 'dark', size: 'lg', className: 'mt-8' })}>
        {t('creatorPage.moved.go')}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
      <BackHome asButton={false} />
    </CreatorPageNotice>
  );
}

/** An old address within its cooling-off period whose creator has left or is suspended. */
export function CreatorGone() {
  const { t } = useT();
  return (
    <CreatorPageNotice
      title={t('creatorPage.gone.title')}
      icon={<UserX aria-hidden="true" className="size-7" />}
      heading={t('creatorPage.gone.heading')}
    >
      <p className="mt-4 text-lg leading-8 text-ink-muted">{t('creatorPage.gone.body')}</p>
      <BackHome asButton />
    </CreatorPageNotice>
  );
}
