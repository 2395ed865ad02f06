import { useNavigation } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** A thin bar at the top while a page's code is loading, shown only if it takes a moment. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      aria-hidden="true"
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden transition-opacity',
        busy ? 'opacity-100 delay-150 duration-200' : 'opacity-0 duration-300',
      )}
    >
      <div className="h-full w-2/5 rounded-full bg-marigold-500 motion-safe:animate-progress" />
    </div>
  );
}
