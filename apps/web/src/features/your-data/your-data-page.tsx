import { YOUR_DATA_MESSAGES } from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useT } from '../../lib/i18n/index.ts';
import { clearPendingUnlock, meQueryKey, storeMe, useAuthDialog, useMe, VISITOR } from '../accounts/index.ts';
import { ACCOUNT_DATA_URL } from './api/account-data-url.ts';
import { DeleteAccountDialog } from './components/delete-account-dialog.tsx';

/**
 * /account/data, from the account menu: download everything Kholo holds about her, or delete her
 * account (DPDP ss.11–12, ADR 024). For every signed-in account, fans and creators alike.
 */
export function YourDataPage() {
  const { t, tRich, tm } = useT();
  const me = useMe();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const account = me.data?.account;

  const signedOut = () => {
    clearPendingUnlock();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    storeMe(queryClient, VISITOR);
    void navigate('/');
    toast.success(tm(YOUR_DATA_MESSAGES.deleted));
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{t('yourData.title')}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">{t('yourData.heading')}</h1>
      {me.isPending ? (
        <Spinner label={t('yourData.loading')} className="justify-start" />
      ) : account ? (
        <>
          <p className="mt-3 leading-7 text-ink-muted">
            {tRich('yourData.signedInRich', {
              email: <span className="font-semibold break-all text-ink-950">{account.email}</span>,
              privacy: (
                <Link to="/PrivacyPolicy" className="font-semibold text-ink-950 underline">
                  {t('yourData.privacy')}
                </Link>
              ),
            })}
          </p>
          <section
            aria-labelledby="download-heading"
            className="mt-8 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink-950/8 sm:p-7"
          >
            <h2 id="download-heading" className="text-xl font-bold text-ink-950">
              {t('yourData.downloadHeading')}
            </h2>
            <p className="mt-2 leading-7 text-ink-muted">
              {me.data?.creator ? t('yourData.downloadBodyCreator') : t('yourData.downloadBodyFan')}
            </p>
            <a href={ACCOUNT_DATA_URL} download className={buttonClasses({ variant: 'dark', className: 'mt-5' })}>
              <Download aria-hidden="true" className="size-4" />
              {t('yourData.downloadHeading')}
            </a>
          </section>
          {account.isAdmin ? null : (
            <section
              aria-labelledby="delete-heading"
              className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink-950/8 sm:p-7"
            >
              <h2 id="delete-heading" className="text-xl font-bold text-ink-950">
                {t('yourData.deleteHeading')}
              </h2>
              <p className="mt-2 leading-7 text-ink-muted">
                {me.data?.creator ? t('yourData.deleteBodyCreator') : t('yourData.deleteBodyFan')}
              </p>
              <Button
                variant="danger"
                className="mt-5"
                onClick={() => {
                  setDeleting(true);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('yourData.deleteHeading')}
              </Button>
            </section>
          )}
          {deleting ? (
            <DeleteAccountDialog
              email={account.email}
              walletBalancePaise={me.data?.creator?.walletBalancePaise ?? null}
              onClose={() => {
                setDeleting(false);
              }}
              onDeleted={signedOut}
            />
          ) : null}
        </>
      ) : (
        <div className="mt-6">
          <p className="leading-7 text-ink-muted">{t('yourData.signedOut')}</p>
          <Button
            className="mt-5"
            onClick={() => {
              authDialog.open({ audience: 'fan', mode: 'login' });
            }}
          >
            {t('yourData.logIn')}
          </Button>
        </div>
      )}
    </div>
  );
}
