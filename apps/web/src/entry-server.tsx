// The server's way into the web app (ADR 027): built by `vite build --ssr` into dist-server/, and
// loaded by the server at start. It decides nothing about access; it renders what the API answered.
import { addCatalogue } from '@kholo/contracts';
import { HINDI_CATALOGUE } from '@kholo/contracts/hindi';

// The server renders in either language, so it holds both catalogues from the start.
addCatalogue('hi', HINDI_CATALOGUE);

export { planPage, renderPage, type PagePlan, type RenderInput, type RenderedPage } from './ssr/render-page.tsx';
export type { PageQuery } from './ssr/page-queries.ts';
export { meQueryKey } from './features/accounts/api/get-me.ts';
