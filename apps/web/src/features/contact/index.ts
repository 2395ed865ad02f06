export { ContactPage } from './contact-page.tsx';
