import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS, type Scrim } from '@scrim-gym/shared';
import { PlayerName } from './PlayerName';

/** "Hosted by Name#TAG" (a link to the profile) on a community host's scrim; nothing on an admin's. */
export function HostedBy({ scrim }: { scrim: Pick<Scrim, 'hostedBy'> }) {
  if (!scrim.hostedBy) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {SCRIM_TEXTS.hostedBy}
      </Typography>
      <PlayerName user={scrim.hostedBy} />
    </Box>
  );
}
