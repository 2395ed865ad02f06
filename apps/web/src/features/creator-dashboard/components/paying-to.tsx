import { BreakableUpiId } from '../../../components/ui/upi-id.tsx';

/**
 * "Paying to MEERA RATHORE — meera@okaxis": whom the bank names, and where. The dash stays with
 * the name (never alone at a line's start), and the UPI ID wraps before its @.
 */
export function PayingTo({ name, upiId }: { name: string; upiId: string }) {
  return (
    <>
      Paying to <strong className="font-extrabold">{name}</strong>
      <span className="text-ink-muted">{'\u00a0—'}</span> <BreakableUpiId upiId={upiId} />
    </>
  );
}
