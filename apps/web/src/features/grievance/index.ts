export { GrievancePage } from './grievance-page.tsx';
