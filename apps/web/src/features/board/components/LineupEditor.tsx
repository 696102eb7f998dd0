import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  LINEUP_DRAG_TEXTS,
  ROLES,
  SERIES_LINEUP_MAX_SUBS,
  SERIES_TEXTS as T,
  type Series,
  type SeriesLineupBody,
  type TeamMember,
} from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useTeam } from '../../teams/api/teams';
import { useSetLineup } from '../api/series';
import { DraggablePlayer, DropSlot, LineupDragArea } from './LineupDrag';

type SeriesTeam = Series['teams'][number];
/** One select per starter's role, then the substitutes' ('Sub 0', 'Sub 1'…): each holds a user id or ''. */
type Slot = (typeof ROLES)[number] | `Sub ${number}`;
const SUB_SLOTS = Array.from({ length: SERIES_LINEUP_MAX_SUBS }, (_, i) => `Sub ${i}` as const);
const SLOTS: Slot[] = [...ROLES, ...SUB_SLOTS];
const slotLabel = (slot: string) => (slot.startsWith('Sub ') ? T.sub(Number(slot.slice(4)) + 1) : slot);

/**
 * The picks a captain starts from: the lineup as it stands; without one, each role's first roster player of that
 * role and the roster's subs (never one already in the other lineup), so a team with a full roster saves in one
 * click.
 */
function initialPicks(lineup: SeriesTeam['lineup'], members: TeamMember[], taken: Set<string>) {
  const picks = Object.fromEntries(SLOTS.map((slot) => [slot, ''])) as Record<Slot, string>;
  if (lineup.length > 0) {
    let sub = 0;
    for (const { user, role } of lineup) {
      if (role === 'Sub') picks[`Sub ${sub++}`] = user._id;
      else picks[role] = user._id;
    }
    return picks;
  }
  for (const role of ROLES) {
    const member = members.find((m) => m.role === role && !taken.has(m.user._id));
    if (member) picks[role] = member.user._id;
  }
  members
    .filter((m) => m.role === 'Sub' && !taken.has(m.user._id))
    .slice(0, SUB_SLOTS.length)
    .forEach((m, i) => (picks[`Sub ${i}`] = m.user._id));
  return picks;
}

/**
 * A captain's lineup for one team of the series, until the lock: per role a select of the team's roster, and up
 * to three substitutes; or the roster's players dragged onto the roles (pointer or keyboard). A player picked in
 * one place is disabled in the others, and one in the other team's lineup everywhere; what else the server refuses
 * (a lock, a ban) shows as its message. A lazy chunk of the series page, with the drag library, for captains only.
 */
export function LineupEditor({ series, team }: { series: Series; team: SeriesTeam }) {
  const teamId = team.team?._id ?? '';
  const roster = useTeam(teamId);
  if (roster.isPending) return <Typography color="text.secondary">{T.loadingRoster}</Typography>;
  if (roster.isError) return <Alert severity="error">{T.rosterFailed}</Alert>;
  return <LineupForm series={series} team={team} members={roster.data.members} />;
}

function LineupForm({ series, team, members }: { series: Series; team: SeriesTeam; members: TeamMember[] }) {
  const id = useId();
  const teamId = team.team?._id ?? '';
  const teamName = team.team?.name ?? T.deletedTeam;
  const otherLineup = new Set(
    series.teams.filter((other) => other !== team).flatMap((other) => other.lineup.map((p) => p.user._id)),
  );
  const [picks, setPicks] = useState(() => initialPicks(team.lineup, members, otherLineup));
  const [missing, setMissing] = useState(false);
  const save = useSetLineup(series._id);
  const showAlert = useAlert();
  const placeOf = (userId: string) => SLOTS.find((slot) => picks[slot] === userId);
  const nameOf = (userId: string) => members.find((m) => m.user._id === userId)?.user.name ?? '';
  /** A player dropped on a role takes it; whoever held it moves to the dropped player's old place, if any. */
  const drop = (userId: string, slot: string) =>
    setPicks((current) => {
      const from = SLOTS.find((s) => current[s] === userId);
      const target = slot as Slot;
      if (from === target) return current;
      return { ...current, ...(from && { [from]: current[target] }), [target]: userId };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ROLES.some((role) => !picks[role])) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const body: SeriesLineupBody = {
      teamId,
      players: SLOTS.flatMap((slot) => {
        const userId = picks[slot];
        return userId ? [{ userId, role: slot.startsWith('Sub ') ? 'Sub' : (slot as (typeof ROLES)[number]) }] : [];
      }),
    };
    save.mutate(body, { onSuccess: () => showAlert({ type: 'Success', message: T.lineupSaved }) });
  };

  const select = (slot: Slot) => {
    const isStarter = !slot.startsWith('Sub ');
    const error = missing && isStarter && !picks[slot];
    return (
      <DropSlot key={slot} slot={slot}>
        <TextField
          select
          size="small"
          label={slotLabel(slot)}
          value={picks[slot]}
          required={isStarter}
          error={error}
          onChange={(event) => setPicks((current) => ({ ...current, [slot]: event.target.value }))}
          // An empty role reads 'No player' rather than a blank box under its label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 0 }}
        >
          <MenuItem value="">
            <em>{T.noPlayer}</em>
          </MenuItem>
          {members.map(({ user, role }) => {
            const place = placeOf(user._id);
            const elsewhere = place && place !== slot ? T.pickedAs(slotLabel(place)) : null;
            const inOther = otherLineup.has(user._id) ? T.inOtherLineup : null;
            return (
              <MenuItem key={user._id} value={user._id} disabled={Boolean(elsewhere ?? inOther)}>
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {user.name}
                </Box>{' '}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.5 }}>
                  ({elsewhere ?? inOther ?? T.rosterRole(role)})
                </Typography>
              </MenuItem>
            );
          })}
        </TextField>
      </DropSlot>
    );
  };

  return (
    <LineupDragArea slots={SLOTS} labelOf={slotLabel} nameOf={nameOf} onDrop={drop}>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <Typography id={`${id}-title`} component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          {T.editLineup(teamName)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {T.lineupHelp}
        </Typography>
        <Stack spacing={1.5}>
          {members.length < ROLES.length && (
            <Alert severity="info">
              {T.rosterTooSmall}{' '}
              <Link component={RouterLink} to={`/teams/${teamId}`}>
                {T.teamPage}
              </Link>
            </Alert>
          )}
          {team.lineup.length === 0 && SLOTS.some((slot) => picks[slot]) && !save.isSuccess && (
            <Alert severity="info">{T.lineupSuggested}</Alert>
          )}
          {save.isError && <Alert severity="error">{messageOf(save.error, T.failedAction)}</Alert>}
          {missing && <Alert severity="error">{T.pickEveryRole}</Alert>}
          <Box>
            <Typography id={`${id}-roster`} component="h4" variant="subtitle2">
              {LINEUP_DRAG_TEXTS.roster}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {LINEUP_DRAG_TEXTS.rosterHelp}
            </Typography>
            <Box
              component="ul"
              aria-labelledby={`${id}-roster`}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {members.map(({ user, role }) => {
                const place = placeOf(user._id);
                const inOther = otherLineup.has(user._id);
                return (
                  <DraggablePlayer
                    key={user._id}
                    userId={user._id}
                    name={user.name}
                    place={place ? slotLabel(place) : inOther ? T.inOtherLineup : T.rosterRole(role)}
                    disabled={inOther}
                  />
                );
              })}
            </Box>
          </Box>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {T.starters}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {ROLES.map(select)}
            </Box>
          </Box>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {T.subs}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {SUB_SLOTS.map(select)}
            </Box>
          </Box>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
            {T.saveLineup}
          </Button>
        </Stack>
      </Box>
    </LineupDragArea>
  );
}
