import type { PageQuery } from './page-queries.ts';

/**
 * The API answers a server-rendered page came with (ADR 027), from its
 * `<script type="application/json" id="kholo-page-queries">`; none for the shell. Free of React
 * and of the query library: the first-load script reads it too.
 */
export function readPageQueries(): PageQuery[] {
  const text = document.getElementById('kholo-page-queries')?.textContent ?? '';
  if (text === '') return [];
  try {
    const queries: unknown = JSON.parse(text);
    return Array.isArray(queries) ? (queries as PageQuery[]) : [];
  } catch {
    return [];
  }
}
