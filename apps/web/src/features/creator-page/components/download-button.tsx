import type { ContentMedia } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../../lib/download-file.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

/** What a download needs: a card's media, or only the address her library has (the server names the file). */
export interface DownloadableItem {
  title: string;
  media: (Pick<ContentMedia, 'downloadUrl'> & { mime?: string }) | null;
}

/** The Download button of an unlocked item (SPEC §2); the spec's toasts come from downloadFile. */
export function DownloadButton({
  item,
  ...props
}: { item: DownloadableItem } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useT();
  const fetchFile = useMutation({
    mutationFn: () => downloadFile({ url: item.media?.downloadUrl, title: item.title, mime: item.media?.mime }),
  });
  const { busy, run } = useSingleFlight(fetchFile.isPending);

  const download = () =>
    run(async () => {
      await fetchFile.mutateAsync();
    });

  return (
    <Button
      {...props}
      aria-disabled={busy}
      onClick={() => {
        void download();
      }}
    >
      <Download aria-hidden="true" className="size-4" />
      {busy ? t('creatorPage.downloading') : t('creatorPage.download')}
    </Button>
  );
}
