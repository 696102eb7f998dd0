import { useMinWidth } from '../../../lib/use-min-width';
import { PROFILE_MOBILE_BREAKPOINT } from '../lib/display';

/** At least 630 px wide: the profile truncates long names there. */
export const useWideProfile = () => useMinWidth(PROFILE_MOBILE_BREAKPOINT);
