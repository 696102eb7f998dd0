// Server status and readiness: only app.ts imports it (its routes).
export { systemRoutes } from './system.routes.js';
