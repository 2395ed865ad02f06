export { PaymentSuccessPage } from './payment-success-page.tsx';
