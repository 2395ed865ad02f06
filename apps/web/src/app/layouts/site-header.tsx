import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Wordmark } from '../../components/ui/logo.tsx';
import type { AuthEntryActions } from './auth-entry.ts';

// No nav links here on purpose: every focusable element must be visible at 360 px too, and the
// footer already carries the page links.
export function SiteHeader({ onLogin, onJoin }: AuthEntryActions) {
  return (
    <header className="sticky top-0 z-40 border-b border-ink-950/8 bg-cream/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="Kholo home" className="-ml-1 rounded-xl p-1">
          <Wordmark />
        </Link>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <Button variant="ghost" size="sm" onClick={onLogin}>
            Login
          </Button>
          <Button variant="primary" size="sm" onClick={onJoin}>
            Join Now
          </Button>
        </div>
      </div>
    </header>
  );
}
