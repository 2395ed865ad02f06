import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>Page not found · Kholo</title>
      <meta name="description" content="This page does not exist on Kholo." />
      <p
        aria-hidden="true"
        className="bg-gradient-to-b from-ink-900 to-ink-600 bg-clip-text text-[7rem] leading-none font-black tracking-tighter text-transparent sm:text-[9rem]"
      >
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">Oops! Page not found</h1>
      <p className="mt-4 text-lg leading-8 text-ink-muted">
        The page you’re looking for doesn’t exist or may have moved. Check the address, or head back home.
      </p>
      <div className="mt-9 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses({ variant: 'dark', size: 'lg' })}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to home
        </Link>
        <Link to="/ContactUs" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Get help
        </Link>
      </div>
    </div>
  );
}
