/**
 * The social feature's lazy part, never in a visitor's first visit: the navigation bar's search, messenger and
 * bell with the socket listeners (loaded with the drawer, app/layout/user-nav.ts), the scrim cards' chat button
 * and the scrim page's chat panel. The dropdown and dialogs are one more chunk, loaded at first use (dialogs.ts).
 */
export { SocialNav } from './components/SocialNav';
export { ScrimChatButton } from './components/ScrimChatButton';
export { ScrimChatPanel } from './components/ScrimChatPanel';
