/** Joins class names, skipping falsy ones. Tailwind classes here never conflict, so no merging is needed. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
