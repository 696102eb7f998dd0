import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LEADERBOARD_TEXTS as T, type TeamLeaderboardRow } from '@scrim-gym/shared';
import { compactRowSx, RatingValue } from './LeaderboardRows';

/** The team's logo, name and tag (a link to the team's page for signed-in viewers: team pages need a session). */
function TeamName({ row, linked }: { row: TeamLeaderboardRow; linked: boolean }) {
  const name = (
    <>
      {row.team.name}
      <Typography component="span" color="text.secondary" sx={{ fontSize: '0.85em' }}>
        {' '}
        [{row.team.tag}]
      </Typography>
    </>
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Avatar src={row.team.logoUrl ?? undefined} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
        {row.team.tag.slice(0, 2)}
      </Avatar>
      <Typography noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
        {linked ? (
          <Link component={RouterLink} to={`/teams/${row.team._id}`} underline="hover" color="inherit">
            {name}
          </Link>
        ) : (
          name
        )}
      </Typography>
    </Box>
  );
}

interface RowsProps {
  rows: TeamLeaderboardRow[];
  linked: boolean;
}

/** Wide screens: a table of rank, team, region, rating, games and record. */
export function TeamLeaderboardTable({ rows, linked }: RowsProps) {
  return (
    <Table size="small" aria-label={T.teams}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 72 }}>{T.rank}</TableCell>
          <TableCell>{T.team}</TableCell>
          <TableCell>{T.region}</TableCell>
          <TableCell align="right">{T.rating}</TableCell>
          <TableCell align="right">{T.games}</TableCell>
          <TableCell align="right">{T.record}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.team._id}>
            <TableCell sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{row.rank}</TableCell>
            <TableCell sx={{ maxWidth: 360 }}>
              <TeamName row={row} linked={linked} />
            </TableCell>
            <TableCell>{row.team.region}</TableCell>
            <TableCell align="right">
              <RatingValue rating={row.rating} provisional={row.provisional} />
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {row.games}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {T.teamRecord(row.wins, row.losses)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Narrow screens: a list, one row per team, no horizontal scroll. */
export function TeamLeaderboardList({ rows, linked }: RowsProps) {
  return (
    <Box component="ol" aria-label={T.teams} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={row.team._id} sx={compactRowSx()}>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{row.rank}</Typography>
          <Box sx={{ minWidth: 0 }}>
            <TeamName row={row} linked={linked} />
            <Typography variant="body2" color="text.secondary" noWrap>
              {T.teamCompactLine(row.team.region, row.wins, row.losses)}
            </Typography>
          </Box>
          <RatingValue rating={row.rating} provisional={row.provisional} stacked />
        </Box>
      ))}
    </Box>
  );
}
