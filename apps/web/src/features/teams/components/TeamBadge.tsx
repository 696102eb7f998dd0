import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TeamSummary } from '@scrim-gym/shared';

/** A team's logo (or its tag when it has none), name, tag and region on one line. */
export function TeamBadge({
  team,
  size = 40,
  heading,
}: {
  team: Pick<TeamSummary, 'name' | 'tag' | 'region' | 'logoUrl'>;
  size?: number;
  /** The page's heading: the name as an h1. */
  heading?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar
        src={team.logoUrl ?? undefined}
        alt=""
        variant="rounded"
        sx={{ width: size, height: size, fontSize: size / 3.2, fontWeight: 800, bgcolor: 'primary.dark' }}
      >
        {team.tag}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant={heading ? 'h4' : 'subtitle1'}
          component={heading ? 'h1' : 'span'}
          sx={{ fontWeight: 800, display: 'block', overflowWrap: 'anywhere', lineHeight: 1.2 }}
        >
          {team.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          [{team.tag}] · {team.region}
        </Typography>
      </Box>
    </Box>
  );
}
