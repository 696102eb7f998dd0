import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TeamSummary } from '@scrim-gym/shared';

/** The tag's letters fill at most four fifths of the square: a bold capital is about 0.7 em wide. */
const tagFontSize = (tag: string, size: number) => Math.min(size / 3, (size * 0.8) / (tag.length * 0.7));

/** A team's logo (or its tag when it has none), name, tag and region (when given) on one line. */
export function TeamBadge({
  team,
  size = 40,
  heading,
}: {
  team: Pick<TeamSummary, 'name' | 'tag' | 'logoUrl'> & Partial<Pick<TeamSummary, 'region'>>;
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
        sx={{
          width: size,
          height: size,
          fontSize: tagFontSize(team.tag, size),
          fontWeight: 800,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
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
          [{team.tag}]{team.region ? ` · ${team.region}` : ''}
        </Typography>
      </Box>
    </Box>
  );
}
