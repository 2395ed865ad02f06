import { translate, whatsappShareUrl, withShareSource } from '@kholo/contracts';
import { Check, Link2, MessageCircle, Share2 } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/index.ts';
import { Button, buttonClasses, type ButtonSize } from '../ui/button.tsx';
import { toast } from '../ui/toast.tsx';

function subscribeToNothing(): () => void {
  return () => undefined;
}

/**
 * Whether this browser has a share sheet (navigator.share). False on the server and while a
 * server-rendered page hydrates (React then uses the server's answer), so the HTML and the first
 * render agree; the real answer follows in the next render.
 */
export function useCanShare(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => typeof navigator.share === 'function',
    () => false,
  );
}

/**
 * Copies `text`, saying so (or that she must copy it herself) in a toast. True when copied. The
 * toaster says the default words in the interface's language; a caller's own `done` too when the
 * catalogue has it.
 */
export async function copyToClipboard(
  text: string,
  done: string = translate('en', 'ui.share.linkCopied'),
): Promise<boolean> {
  try {
    // navigator.clipboard is missing outside secure contexts: that lands in the catch too.
    await navigator.clipboard.writeText(text);
    toast.success(done, { description: text });
    return true;
  } catch {
    toast.error(translate('en', 'ui.share.copyFailed'), { description: text });
    return false;
  }
}

/** "Copied" for two seconds after a copy. */
function useCopied(): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, 2000);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);
  return [
    copied,
    () => {
      setCopied(true);
    },
  ];
}

export interface ShareButtonsProps {
  /** The page's own address (no `?src=`): each button adds its tag. */
  url: string;
  /** The page's title for the share sheet. */
  title: string;
  /** The message with the link in it (WhatsApp, the share sheet). */
  message: (link: string) => string;
  /** Named in each button's accessible name when a list has many ("Share “Holi” on WhatsApp"). */
  subject?: string | undefined;
  size?: ButtonSize;
  className?: string;
}

/**
 * Share where fans are: the phone's share sheet (only where the browser has one), WhatsApp with a
 * written message, and Copy link. Each link carries its `?src=` tag. WhatsApp is a real link, so
 * it works in a server-rendered page before the app has loaded.
 */
export function ShareButtons({ url, title, message, subject, size = 'sm', className }: ShareButtonsProps) {
  const { t, tm } = useT();
  const canShare = useCanShare();
  const [copied, markCopied] = useCopied();
  // The written message in the interface's language when the catalogue knows its words.
  const written = (link: string) => tm(message(link));

  const share = async () => {
    const link = withShareSource(url, 'share');
    try {
      await navigator.share({ title, text: written(link), url: link });
    } catch (error) {
      // She closed the sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error(t('ui.share.shareFailed'), { description: t('ui.share.copyInstead') });
    }
  };

  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {canShare ? (
        <Button
          variant="dark"
          size={size}
          aria-label={subject === undefined ? undefined : t('ui.share.shareSubject', { subject })}
          onClick={() => {
            void share();
          }}
        >
          <Share2 aria-hidden="true" className="size-4" />
          {t('ui.share.share')}
        </Button>
      ) : null}
      <a
        href={whatsappShareUrl(written(withShareSource(url, 'wa')))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={subject === undefined ? undefined : t('ui.share.whatsappSubject', { subject })}
        className={buttonClasses({ variant: 'whatsapp', size })}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        WhatsApp
      </a>
      <Button
        variant="outline"
        size={size}
        aria-label={subject === undefined ? undefined : t('ui.share.copyLinkSubject', { subject })}
        onClick={() => {
          void copyToClipboard(withShareSource(url, 'link')).then((ok) => {
            if (ok) markCopied();
          });
        }}
      >
        {copied ? <Check aria-hidden="true" className="size-4" /> : <Link2 aria-hidden="true" className="size-4" />}
        {copied ? t('ui.share.copied') : t('ui.share.copyLink')}
      </Button>
    </div>
  );
}
