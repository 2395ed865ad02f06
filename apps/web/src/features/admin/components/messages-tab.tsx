import { formatDateTime, type ContactMessageList } from '@kholo/contracts';
import { useContactMessages } from '../api/get-contact-messages.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

type ContactMessage = ContactMessageList['items'][number];

const COLUMNS: ReadonlyArray<AdminColumn<ContactMessage>> = [
  { header: 'Received', value: (m) => formatDateTime(m.createdAt), nowrap: true },
  { header: 'Name', value: (m) => m.name },
  { header: 'Email', value: (m) => m.email },
  { header: 'Message', value: (m) => m.message },
];

/** What people sent through the Contact Us page (DESIGN §7: the form is wired). */
export function MessagesTab() {
  const messages = useContactMessages();
  return (
    <AdminTabSection title="Messages" intro="Messages sent through the Contact Us page, newest first.">
      <AdminQueryView query={messages}>
        {(data) => <AdminDataView label="Messages" rows={data.items} columns={COLUMNS} rowKey={(m) => m.id} />}
      </AdminQueryView>
    </AdminTabSection>
  );
}
