import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/index.ts';
import { Input } from './field.tsx';

/**
 * A password field with a show/hide toggle. The toggle's name is visually hidden text, not
 * aria-label, so a search by label for "Password" finds only the field.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? 'text' : 'password'}
        spellCheck={false}
        autoCapitalize="off"
        className={cn('pr-13', className)}
      />
      <button
        type="button"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => {
          setVisible((value) => !value);
        }}
        className="absolute inset-y-1 right-1 grid w-11 place-items-center rounded-lg text-ink-muted transition-colors hover:bg-ink-50 hover:text-ink-950"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        <span className="sr-only">{t('ui.showPassword')}</span>
      </button>
    </div>
  );
}
