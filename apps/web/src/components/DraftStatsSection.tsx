import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DRAFT_STATS_TEXTS as T, type DraftStats } from '@scrim-gym/shared';
import { championIconUrl, type Ddragon } from '../lib/ddragon';
import { GameIcon } from './GameIcon';
import { sharePercent } from '../lib/match-format';

const cells = { '& td, & th': { px: 1, whiteSpace: 'nowrap' } } as const;

function Figures({ games, wins }: { games: number; wins: number }) {
  return (
    <>
      <TableCell align="right">{games}</TableCell>
      <TableCell align="right">{wins}</TableCell>
      <TableCell align="right">{sharePercent(wins, games)}%</TableCell>
    </>
  );
}

/**
 * A player's or a team's drafted games (the profile, the team page): wins from each side of the draft, blue
 * having the first pick, and per champion picked. Hidden until there is a drafted game; `level` is the heading's.
 */
export function DraftStatsSection({
  stats,
  ddragon,
  level = 2,
}: {
  stats: DraftStats | undefined;
  ddragon: Ddragon | null;
  level?: number;
}) {
  const titleId = useId();
  if (!stats || stats.games === 0) return null;
  const head = (first: string) => (
    <TableHead>
      <TableRow>
        {[first, T.games, T.wins, T.winRate].map((label, i) => (
          <TableCell key={label} align={i === 0 ? 'left' : 'right'} sx={{ fontWeight: 700 }}>
            {label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'rgba(15,30,54,0.85)', display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle1" component={`h${level}` as 'h2'} sx={{ fontWeight: 700 }}>
          {T.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.gamesDrafted(stats.games)}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={T.side} sx={cells}>
            {head(T.side)}
            <TableBody>
              {(
                [
                  [T.firstPick, stats.firstPick],
                  [T.secondPick, stats.secondPick],
                ] as const
              ).map(([label, figures]) => (
                <TableRow key={label} data-testid="draft-side-row">
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  <Figures {...figures} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {stats.champions.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={T.championsTitle} sx={cells}>
              {head(T.champion)}
              <TableBody>
                {stats.champions.map((c) => (
                  <TableRow key={c.champion} data-testid="draft-champion-row">
                    <TableCell component="th" scope="row">
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <GameIcon
                          src={ddragon ? championIconUrl(ddragon, c.champion) : null}
                          label={c.champion}
                          size={24}
                        />
                        {c.champion}
                      </Box>
                    </TableCell>
                    <Figures {...c} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
