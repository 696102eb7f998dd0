/**
 * The part of the scrims feature that is not in the first bundle, behind ONE dynamic import: the hub's body
 * (tiles, sections, cards), its filters, the live socket code and the detail page. Rolldown splits the modules
 * a dynamic chunk shares with the entry into small chunks for each dynamic import, and each costs gzip bytes
 * on the landing page's first visit, so the hub, the navigation bar and the router all load this one module.
 */
export { HubBody } from './components/HubBody';
export { HubFilters } from './components/HubFilters';
export { watchScrims } from './hooks/scrim-live';
export { ScrimDetailPage } from './pages/ScrimDetailPage';
