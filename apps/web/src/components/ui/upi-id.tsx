/** A UPI ID that may wrap before its @ on a phone (meera.rathore / @okaxis), not mid-word. */
export function BreakableUpiId({ upiId }: { upiId: string }) {
  const at = upiId.lastIndexOf('@');
  if (at <= 0) return <span className="break-words">{upiId}</span>;
  return (
    <span className="break-words">
      {upiId.slice(0, at)}
      <wbr />
      {upiId.slice(at)}
    </span>
  );
}
