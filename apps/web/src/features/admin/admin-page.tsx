import { ShieldCheck } from 'lucide-react';
import { useMe } from '../accounts/index.ts';
import { AdminLoginForm } from './components/admin-login-form.tsx';
import { AdminPanel } from './components/admin-panel.tsx';
import { IconTile } from '../../components/ui/icon-tile.tsx';
import { useT } from '../../lib/i18n/index.ts';

/** `/admin`: the panel for the admin account, a login form for everyone else (SPEC §5). */
export function AdminPage() {
  const { t } = useT();
  const me = useMe();
  const account = me.data?.account;

  return (
    <>
      <title>{t('admin.page.title')}</title>
      {account?.isAdmin ? (
        <AdminPanel account={account} />
      ) : me.isPending ? (
        <div role="status" className="mx-auto max-w-md px-4 py-24 text-center text-ink-muted">
          {t('admin.page.loading')}
        </div>
      ) : (
        <div className="bg-sand px-4 py-12 sm:px-6 sm:py-20">
          <div className="mx-auto max-w-md rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-8">
            <IconTile icon={ShieldCheck} tone="ink" />
            <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-ink-950">{t('admin.login.heading')}</h1>
            <p className="mt-2 leading-7 text-ink-muted">{t('admin.login.lead')}</p>
            <AdminLoginForm />
          </div>
        </div>
      )}
    </>
  );
}
