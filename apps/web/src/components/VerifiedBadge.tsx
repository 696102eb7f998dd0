import VerifiedIcon from '@mui/icons-material/Verified';
import { RIOT_LINK_MESSAGES } from '@scrim-gym/shared';

/**
 * The verified badge beside a player's name: the Riot account is linked through Riot Sign On, so the Riot ID and
 * rank come from Riot. An SVG <title>: the accessible name "Verified Riot account", and the browser's tooltip.
 */
export function VerifiedBadge({ fontSize = 'small' }: { fontSize?: 'inherit' | 'small' | 'medium' }) {
  return (
    <VerifiedIcon
      titleAccess={RIOT_LINK_MESSAGES.verifiedBadge}
      color="info"
      fontSize={fontSize}
      sx={{ flexShrink: 0 }}
    />
  );
}
