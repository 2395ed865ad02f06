import { itemShareMessage, type StudioContent } from '@kholo/contracts';
import { ShareButtons } from '../../../components/share/share-buttons.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { useMe } from '../../accounts/index.ts';

/** `PUBLIC_URL/content/{id}`: an item's own page, where fans unlock it. */
export function itemUrl(id: string): string {
  return `${getPublicConfig().publicUrl}/content/${encodeURIComponent(id)}`;
}

/** Whether fans can open the item's page: not hidden, taken down or still being made ready. */
export function isShareable(item: Pick<StudioContent, 'hiddenReason' | 'takedown' | 'processing'>): boolean {
  return item.hiddenReason === null && item.takedown === null && item.processing === null;
}

/** Share one item from the Content tab: share sheet, WhatsApp with its title, Copy link. */
export function ItemShare({ item }: { item: StudioContent }) {
  const { t } = useT();
  const name = useMe().data?.creator?.name ?? '';
  if (!isShareable(item)) return null;
  return (
    <ShareButtons
      className="mt-3"
      url={itemUrl(item.id)}
      title={t('dashboardContent.share.title', { title: item.title })}
      subject={item.title}
      message={(link) => itemShareMessage(item.title, name, link)}
    />
  );
}
