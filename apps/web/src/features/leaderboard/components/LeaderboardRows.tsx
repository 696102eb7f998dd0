import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';
import { LEADERBOARD_TEXTS as T, type LeaderboardRow } from '@scrim-gym/shared';
import { profilePath } from '../../../lib/profile-link';
import { VerifiedBadge } from '../../../components/VerifiedBadge';

const OWN_ROW = 'rgba(200,170,110,0.16)';

export function ProvisionalMark() {
  return (
    <Tooltip title={T.provisionalHint}>
      <Chip label={T.provisional} size="small" variant="outlined" color="warning" sx={{ height: 20, fontSize: 11 }} />
    </Tooltip>
  );
}

/** The player's name (a profile link for signed-in viewers), tagline and the verified badge. */
function PlayerName({ row, linked }: { row: LeaderboardRow; linked: boolean }) {
  const name = (
    <>
      {row.player.name}
      <Typography component="span" color="text.secondary" sx={{ fontSize: '0.85em' }}>
        {' '}
        #{row.player.summonerTagline}
      </Typography>
    </>
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
        {linked ? (
          <Link component={RouterLink} to={profilePath(row.player)} underline="hover" color="inherit">
            {name}
          </Link>
        ) : (
          name
        )}
      </Typography>
      {row.verified && <VerifiedBadge />}
    </Box>
  );
}

/** A rating, with the provisional mark before it (wide) or under it (`stacked`, the compact list). */
export function RatingValue({
  rating,
  provisional,
  stacked = false,
}: {
  rating: number;
  provisional: boolean;
  stacked?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'inline-flex',
        flexDirection: stacked ? 'column-reverse' : 'row',
        alignItems: stacked ? 'flex-end' : 'center',
        gap: stacked ? 0.25 : 0.75,
        justifyContent: 'flex-end',
      }}
    >
      {provisional && <ProvisionalMark />}
      <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {rating}
      </Typography>
    </Box>
  );
}

/** One row of a compact list (players or teams): rank, who with a second line, the rating on the right. */
export function compactRowSx(own = false) {
  return {
    display: 'grid',
    gridTemplateColumns: '40px minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: 1,
    px: 1.5,
    py: 1,
    borderBottom: 1,
    borderColor: 'divider',
    bgcolor: own ? OWN_ROW : undefined,
  } as const;
}

interface RowsProps {
  rows: LeaderboardRow[];
  /** The viewer's user id: their row is highlighted. */
  ownId: string | null;
  /** Profiles need a session: names link only for signed-in viewers. */
  linked: boolean;
}

/** Wide screens: a table of rank, player, rating, games, win rate and main role. */
export function LeaderboardTable({ rows, ownId, linked }: RowsProps) {
  return (
    <Table size="small" aria-label={T.title}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 72 }}>{T.rank}</TableCell>
          <TableCell>{T.player}</TableCell>
          <TableCell align="right">{T.rating}</TableCell>
          <TableCell align="right">{T.games}</TableCell>
          <TableCell align="right">{T.winRate}</TableCell>
          <TableCell>{T.mainRole}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const own = row.player._id === ownId;
          return (
            <TableRow
              key={row.player._id}
              aria-current={own ? 'true' : undefined}
              sx={own ? { bgcolor: OWN_ROW } : undefined}
            >
              <TableCell sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                {row.rank}
                {own && <span style={visuallyHidden}> ({T.you})</span>}
              </TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <PlayerName row={row} linked={linked} />
              </TableCell>
              <TableCell align="right">
                <RatingValue rating={row.rating} provisional={row.provisional} />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.games}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.winRate}%
              </TableCell>
              <TableCell>{row.mainRole}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** One row of the compact list: rank, player, then role, games and win rate; the rating on the right. */
export function CompactRow({ row, own, linked }: { row: LeaderboardRow; own: boolean; linked: boolean }) {
  return (
    <Box component="li" aria-current={own ? 'true' : undefined} sx={compactRowSx(own)}>
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {row.rank}
        {own && <span style={visuallyHidden}> ({T.you})</span>}
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <PlayerName row={row} linked={linked} />
        <Typography variant="body2" color="text.secondary" noWrap>
          {T.compactLine(row.mainRole, row.games, row.winRate)}
        </Typography>
      </Box>
      <RatingValue rating={row.rating} provisional={row.provisional} stacked />
    </Box>
  );
}

/** Narrow screens: a list, one row per player, no horizontal scroll. */
export function LeaderboardList({ rows, ownId, linked }: RowsProps) {
  return (
    <Box component="ol" aria-label={T.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <CompactRow key={row.player._id} row={row} own={row.player._id === ownId} linked={linked} />
      ))}
    </Box>
  );
}
