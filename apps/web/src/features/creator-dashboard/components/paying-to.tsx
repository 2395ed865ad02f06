import { BreakableUpiId } from '../../../components/ui/upi-id.tsx';
import { useT } from '../../../lib/i18n/index.ts';

/**
 * "Paying to MEERA RATHORE — meera@okaxis": whom the bank names, and where. The dash stays with
 * the name (never alone at a line's start), and the UPI ID wraps before its @.
 */
export function PayingTo({ name, upiId }: { name: string; upiId: string }) {
  const { tRich } = useT();
  return tRich('dashboardWallet.payingTo', {
    name: (
      <>
        <strong className="font-extrabold">{name}</strong>
        <span className="text-ink-muted">{'\u00a0—'}</span>
      </>
    ),
    upiId: <BreakableUpiId upiId={upiId} />,
  });
}
