import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { getPublicConfig } from '../../../lib/public-config.ts';

export const NO_SHARE_LINK_MESSAGE = 'Please set your profile name in Settings to generate your shareable link.';

/** `PUBLIC_URL/u/{handle}`: built from the configured public address, never from the current page. */
export function profileUrl(handle: string): string {
  return `${getPublicConfig().publicUrl}/u/${encodeURIComponent(handle)}`;
}

/** The creator's public link with a Copy button (SPEC §2, dashboard top). */
export function ShareLink({ handle }: { handle: string }) {
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

  if (!handle) {
    return (
      <p className="rounded-2xl bg-marigold-50 p-4 text-sm font-medium text-ink-950 ring-1 ring-marigold-200">
        {NO_SHARE_LINK_MESSAGE}
      </p>
    );
  }

  const url = profileUrl(handle);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link', { description: 'Select it and copy it yourself.' });
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <input
        readOnly
        value={url}
        aria-label="Your public link"
        onFocus={(event) => {
          event.currentTarget.select();
        }}
        className="h-11 w-full min-w-0 truncate rounded-xl sm:w-auto sm:flex-1 border-0 bg-ink-50 px-4 font-mono text-sm text-ink-900 ring-1 ring-ink-950/8"
      />
      <Button
        variant="dark"
        onClick={() => {
          void copy();
        }}
      >
        {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
        {copied ? 'Copied' : 'Copy link'}
      </Button>
    </div>
  );
}
