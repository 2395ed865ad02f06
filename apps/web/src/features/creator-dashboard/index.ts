export { CreatorDashboard } from './creator-dashboard.tsx';
