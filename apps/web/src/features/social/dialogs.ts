/**
 * The second social chunk, loaded by the first one when a dropdown or dialog is first needed (or the pointer
 * nears the messenger and bell): the messenger dropdown (Popover, Slider), the chats, notifications, friend
 * requests and the scrim start banner (Snackbar); the scrim page's chat panel and sheet (SwipeableDrawer).
 */
export { SocialDialogs } from './components/SocialDialogs';
export { ScrimChatPane } from './components/ScrimChatPane';
