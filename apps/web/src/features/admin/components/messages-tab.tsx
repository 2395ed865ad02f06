import { formatDateTime, type ContactMessageList } from '@kholo/contracts';
import { useT } from '../../../lib/i18n/index.ts';
import { useContactMessages } from '../api/get-contact-messages.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

type ContactMessage = ContactMessageList['items'][number];

/** What people sent through the Contact Us page (DESIGN §7: the form is wired). */
export function MessagesTab() {
  const { t, locale } = useT();
  const messages = useContactMessages();
  const columns: ReadonlyArray<AdminColumn<ContactMessage>> = [
    { header: t('admin.messages.received'), value: (m) => formatDateTime(m.createdAt, locale), nowrap: true },
    { header: t('admin.messages.name'), value: (m) => m.name },
    { header: t('admin.messages.email'), value: (m) => m.email },
    { header: t('admin.messages.message'), value: (m) => m.message },
  ];
  return (
    <AdminTabSection title={t('admin.messages.title')} intro={t('admin.messages.intro')}>
      <AdminQueryView query={messages}>
        {(data) => (
          <AdminDataView label={t('admin.messages.title')} rows={data.items} columns={columns} rowKey={(m) => m.id} />
        )}
      </AdminQueryView>
    </AdminTabSection>
  );
}
