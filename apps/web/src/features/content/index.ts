export { ContentPage } from './content-page.tsx';
