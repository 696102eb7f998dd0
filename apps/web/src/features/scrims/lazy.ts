/**
 * The part of the scrims feature that is not in the first bundle, behind ONE dynamic import: the hub's body
 * (tiles, sections, collapsed cards), its filters and the live socket code. Rolldown splits the modules a dynamic
 * chunk shares with the entry into small chunks for each dynamic import, and each costs gzip bytes on the landing
 * page's first visit, so the hub and the navigation bar both load this one module. What only an expanded card shows
 * is ScrimCardBody's chunk, loaded when a card is first expanded (the hub's cards start collapsed); the scrim page
 * is a route chunk of its own.
 */
export { EmptyDay } from './components/EmptyDay';
export { HubBody } from './components/HubBody';
export { HubDayNav } from './components/HubDayNav';
export { HubFilters } from './components/HubFilters';
export { watchScrims } from './hooks/scrim-live';
