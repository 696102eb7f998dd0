import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { RIOT_LINK_MESSAGES } from '@scrim-gym/shared';

/**
 * The verified badge beside a player's name: the Riot account is linked through Riot Sign On, so the Riot ID and
 * rank come from Riot. A shield (the admin chip has the round verified mark). An SVG <title>: the accessible name "Verified Riot account", and the browser's tooltip.
 */
export function VerifiedBadge({ fontSize = 'small' }: { fontSize?: 'inherit' | 'small' | 'medium' }) {
  return (
    <VerifiedUserIcon
      titleAccess={RIOT_LINK_MESSAGES.verifiedBadge}
      color="info"
      fontSize={fontSize}
      sx={{ flexShrink: 0 }}
    />
  );
}
