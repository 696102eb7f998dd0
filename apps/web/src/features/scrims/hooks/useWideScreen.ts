import { BREAKPOINTS } from '@scrim-gym/shared';
import { useMinWidth } from '../../../lib/use-min-width';

/** Large screens and up (the theme's lg, 1280 px): the hub's filters sit in the navigation bar there. */
export const useWideScreen = () => useMinWidth(BREAKPOINTS.lg);
