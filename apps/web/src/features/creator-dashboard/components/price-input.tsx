import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldDescribedBy, Input } from '../../../components/ui/field.tsx';

/**
 * The price in rupees, with a ₹ in front: a text field with the decimal keypad, since
 * type="number" would accept "1e3" and drop "49.50"'s trailing zero. `parseRupees` checks it.
 * `field` is the form's `register('price')`.
 */
export function PriceInput({
  id,
  field,
  error,
  placeholder,
}: {
  id: string;
  field: UseFormRegisterReturn<'price'>;
  error: string | undefined;
  placeholder?: string;
}) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-4 grid place-items-center font-semibold text-ink-muted"
      >
        ₹
      </span>
      <Input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        className="pl-9"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { error, hint: true })}
        {...field}
      />
    </div>
  );
}
