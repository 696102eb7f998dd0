/**
 * What the navigation bar loads for a signed-in user, behind ONE dynamic import: the 'more options' drawer and
 * the social corner (search, messenger, bell, dialogs' host, live updates). One boundary instead of two keeps
 * Rolldown from splitting the first bundle into more small shared chunks (measured: a separate social import
 * cost a visitor's first visit ~1 KB; together, the first visit got smaller).
 */
export { AppDrawer } from './AppDrawer';
export { SocialNav } from '../../features/social/lazy';
