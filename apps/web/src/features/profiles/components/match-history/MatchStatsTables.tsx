import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { MATCH_MESSAGES, type UserChampionStats, type UserRoleStats } from '@scrim-gym/shared';
import { GameIcon } from '../../../../components/GameIcon';
import { championIconUrl, type Ddragon } from '../../../../lib/ddragon';
import { compactNumber, formatKda, perMinute, sharePercent } from '../../../../lib/match-format';
import { ROLE_ICON_URLS } from '../../lib/art';

type Totals = UserChampionStats[number];

const average = (total: number, games: number) => (games > 0 ? total / games : 0);

/** A titled table that scrolls inside itself when narrower than its columns (never the page). */
function StatsTable({ title, head, children }: { title: string; head: string[]; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'rgba(15,30,54,0.85)', minWidth: 0 }}
    >
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={id} sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {head.map((label, i) => (
                <TableCell key={label} align={i === 0 ? 'left' : 'right'} sx={{ fontWeight: 700 }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/** The figures every group of games shows: games, win rate, KDA of the totals, CS per minute. */
function TotalsCells({ totals }: { totals: Totals }) {
  return (
    <>
      <TableCell align="right">{totals.games}</TableCell>
      <TableCell align="right">{sharePercent(totals.wins, totals.games)}%</TableCell>
      <TableCell align="right">{formatKda(totals.kills, totals.deaths, totals.assists)}</TableCell>
      <TableCell align="right">{perMinute(totals.cs, totals.seconds).toFixed(1)}</TableCell>
    </>
  );
}

/** The champion pool: games, win rate, KDA and CS per minute of each champion, most played first. */
export function ChampionPool({ champions, ddragon }: { champions: UserChampionStats; ddragon: Ddragon | null }) {
  return (
    <StatsTable
      title={MATCH_MESSAGES.championPoolTitle}
      head={[
        MATCH_MESSAGES.champion,
        MATCH_MESSAGES.games,
        MATCH_MESSAGES.winRate,
        MATCH_MESSAGES.kda,
        MATCH_MESSAGES.csPerMinute,
      ]}
    >
      {champions.map((c) => (
        <TableRow key={c.champion} data-testid="champion-pool-row">
          <TableCell component="th" scope="row">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <GameIcon src={ddragon ? championIconUrl(ddragon, c.champion) : null} label={c.champion} size={24} />
              {c.champion}
            </Box>
          </TableCell>
          <TotalsCells totals={c} />
        </TableRow>
      ))}
    </StatsTable>
  );
}

/** Per role: games, win rate, KDA, CS per minute, and per-game averages of kills/deaths/assists, damage, vision. */
export function RoleAverages({ roles }: { roles: UserRoleStats }) {
  return (
    <StatsTable
      title={MATCH_MESSAGES.rolesTitle}
      head={[
        MATCH_MESSAGES.role,
        MATCH_MESSAGES.games,
        MATCH_MESSAGES.winRate,
        MATCH_MESSAGES.kda,
        MATCH_MESSAGES.csPerMinute,
        MATCH_MESSAGES.killsDeathsAssists,
        MATCH_MESSAGES.damage,
        MATCH_MESSAGES.vision,
      ]}
    >
      {roles
        .filter((r) => r.games > 0)
        .map((r) => (
          <TableRow key={r.role} data-testid="role-row">
            <TableCell component="th" scope="row">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box component="img" src={ROLE_ICON_URLS[r.role]} alt="" width={20} height={20} />
                {r.role}
              </Box>
            </TableCell>
            <TotalsCells totals={{ ...r, champion: r.role }} />
            <TableCell align="right">
              {[r.kills, r.deaths, r.assists].map((n) => average(n, r.games).toFixed(1)).join(' / ')}
            </TableCell>
            <TableCell align="right">{compactNumber(Math.round(average(r.damage, r.games)))}</TableCell>
            <TableCell align="right">{average(r.vision, r.games).toFixed(1)}</TableCell>
          </TableRow>
        ))}
    </StatsTable>
  );
}
