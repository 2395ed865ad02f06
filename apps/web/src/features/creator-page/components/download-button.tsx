import type { ContentCard } from '@kholo/contracts';
import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../../lib/download-file.ts';

/** The Download button of an unlocked item (SPEC §2); the spec's toasts come from downloadFile. */
export function DownloadButton({
  item,
  ...props
}: { item: Pick<ContentCard, 'title' | 'media'> } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const download = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await downloadFile({ url: item.media?.downloadUrl, title: item.title, mime: item.media?.mime });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Button
      {...props}
      aria-disabled={busy}
      onClick={() => {
        void download();
      }}
    >
      <Download aria-hidden="true" className="size-4" />
      {busy ? 'Downloading...' : 'Download'}
    </Button>
  );
}
