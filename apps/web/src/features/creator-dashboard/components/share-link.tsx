import { profileShareMessage, translate } from '@kholo/contracts';
import { ExternalLink, QrCode } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ShareButtons } from '../../../components/share/share-buttons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { useMe } from '../../accounts/index.ts';

// Loaded when asked for: it brings the QR encoder.
const QrCodeDialog = lazy(() =>
  import('../../../components/share/qr-code-dialog.tsx').then((module) => ({ default: module.QrCodeDialog })),
);

export const NO_SHARE_LINK_MESSAGE = translate('en', 'dashboard.share.noLink');

/** `PUBLIC_URL/u/{handle}`: built from the configured public address, never from the current page. */
export function profileUrl(handle: string): string {
  return `${getPublicConfig().publicUrl}/u/${encodeURIComponent(handle)}`;
}

/** Her page as a visitor sees it (the creator page's `?as=fan`): no owner's badges, locked items. */
export function fanViewPath(handle: string): string {
  return `/u/${encodeURIComponent(handle)}?as=fan`;
}

/**
 * The creator's public link (SPEC §2, dashboard top) and the ways to share it: the share sheet,
 * WhatsApp, Copy link and a printable QR code, each tagged with where it went; and her page as a
 * fan sees it.
 */
export function ShareLink({ handle }: { handle: string }) {
  const { t } = useT();
  const [showQr, setShowQr] = useState(false);
  const name = useMe().data?.creator?.name ?? `@${handle}`;

  if (!handle) {
    return (
      <p className="rounded-2xl bg-marigold-50 p-4 text-sm font-medium text-ink-950 ring-1 ring-marigold-200">
        {t('dashboard.share.noLink')}
      </p>
    );
  }

  const url = profileUrl(handle);
  return (
    <div>
      <input
        readOnly
        value={url}
        aria-label={t('dashboard.share.publicLink')}
        onFocus={(event) => {
          event.currentTarget.select();
        }}
        className="h-11 w-full min-w-0 truncate rounded-xl border-0 bg-ink-50 px-4 font-mono text-sm text-ink-900 ring-1 ring-ink-950/8"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <ShareButtons
          className="contents"
          url={url}
          title={t('dashboard.share.onKholo', { name })}
          message={(link) => profileShareMessage(name, link)}
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setShowQr(true);
          }}
        >
          <QrCode aria-hidden="true" className="size-4" />
          {t('dashboard.share.qrCode')}
        </Button>
      </div>
      <a
        href={fanViewPath(handle)}
        target="_blank"
        rel="noopener"
        className="mt-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
      >
        {t('dashboard.share.viewAsFan')}
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('dashboard.share.opensInNewTab')}</span>
      </a>
      {showQr ? (
        <Suspense fallback={null}>
          <QrCodeDialog
            url={url}
            handle={handle}
            onClose={() => {
              setShowQr(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
