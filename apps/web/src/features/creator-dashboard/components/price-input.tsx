import type { RefObject } from 'react';
import { fieldDescribedBy, Input } from '../../../components/ui/field.tsx';

/**
 * The price in rupees, with a ₹ in front: a text field with the decimal keypad, since
 * type="number" would accept "1e3" and drop "49.50"'s trailing zero. `parseRupees` checks it.
 */
export function PriceInput({
  id,
  inputRef,
  value,
  error,
  placeholder,
  onChange,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  error: string | undefined;
  placeholder?: string;
  onChange: (value: string) => void;
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
        ref={inputRef}
        id={id}
        name="price"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        className="pl-9"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { error, hint: true })}
      />
    </div>
  );
}
