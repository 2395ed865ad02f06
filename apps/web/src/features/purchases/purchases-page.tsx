import { ShoppingBag, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useAuthDialog, useMe } from '../accounts/index.ts';
import { usePurchases } from './api/get-purchases.ts';
import { PurchaseCard } from './components/purchase-card.tsx';
import { IconTile } from '../../components/ui/icon-tile.tsx';
import { translate } from '@kholo/contracts';
import { useT } from '../../lib/i18n/index.ts';

export const PURCHASES_HEADING = translate('en', 'purchases.heading');
export const PURCHASES_EMPTY_TITLE = translate('en', 'purchases.emptyTitle');
export const PURCHASES_LOGIN_TITLE = translate('en', 'purchases.loginTitle');
export const PURCHASES_FAILED_TITLE = translate('en', 'purchases.failedTitle');

const page = 'mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12';

function Intro() {
  const { t } = useT();
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">{t('purchases.heading')}</h1>
      <p className="mt-2 max-w-2xl leading-7 text-ink-muted">{t('purchases.intro')}</p>
    </>
  );
}

function PurchasesSkeleton() {
  const { t } = useT();
  return (
    <div role="status" className="mt-8 space-y-4">
      <span className="sr-only">{t('purchases.loading')}</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-40 rounded-3xl bg-white shadow-card ring-1 ring-ink-950/5 motion-safe:animate-pulse"
        />
      ))}
    </div>
  );
}

function Notice({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-ink-200 bg-white/60 px-5 py-12 text-center">
      <IconTile icon={ShoppingBag} />
      <h2 className="mt-4 text-xl font-bold tracking-tight text-ink-950">{title}</h2>
      <p className="mt-2 max-w-md leading-7 text-ink-muted">{body}</p>
      {children}
    </div>
  );
}

/**
 * `/purchases` (issue 22): the signed-in fan's orders with their status in words, each with its
 * receipt and, within 24 hours of paying, "Report a problem". A visitor is asked to log in.
 */
export function PurchasesPage() {
  const { t } = useT();
  const me = useMe();
  const auth = useAuthDialog();
  const signedIn = Boolean(me.data?.account);
  const purchases = usePurchases({ enabled: signedIn });
  const signedOut =
    (!me.isPending && !signedIn) || (purchases.error instanceof ApiError && purchases.error.status === 401);

  let body: ReactNode;
  if (signedOut) {
    body = (
      <Notice title={t('purchases.loginTitle')} body={t('purchases.useFanAccount')}>
        <Button
          variant="dark"
          className="mt-6"
          onPointerEnter={auth.preload}
          onFocus={auth.preload}
          onClick={() => {
            auth.open({ audience: 'fan', mode: 'login' });
          }}
        >
          <LogIn aria-hidden="true" className="size-4" />
          {t('purchases.logIn')}
        </Button>
      </Notice>
    );
  } else if (me.isPending || purchases.isPending) {
    body = <PurchasesSkeleton />;
  } else if (purchases.data === undefined) {
    body = (
      <LoadFailedAlert
        title={t('purchases.failedTitle')}
        error={purchases.error}
        retrying={purchases.isFetching}
        onRetry={() => {
          void purchases.refetch();
        }}
        spinIcon
      />
    );
  } else if (purchases.data.items.length === 0) {
    body = (
      <Notice title={t('purchases.emptyTitle')} body={t('purchases.emptyBody')}>
        <Link to="/" className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
          {t('purchases.backHome')}
        </Link>
      </Notice>
    );
  } else {
    body = (
      <ul aria-label={t('purchases.yourOrders')} className="mt-8 space-y-4">
        {purchases.data.items.map((purchase) => (
          <li key={purchase.orderId}>
            <PurchaseCard purchase={purchase} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={page}>
      <title>{`${t('purchases.heading')} · Kholo`}</title>
      <Intro />
      {body}
    </div>
  );
}
