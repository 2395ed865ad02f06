export { healthRoutes } from './health-routes.js';
