import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SCRIM_TEXTS, type Scrim, type WaitlistRole } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { useJoinWaitlist, useLeaveWaitlist } from '../api/scrim-actions';
import { isOver, waitlistChoices, waitlistPosition } from '../lib/show-up';
import { PlayerName } from './PlayerName';
import { ReliabilityChip } from './ReliabilityChip';
import { panelRowSx, ScrimPanel } from './ScrimPanel';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.showUp.waitlist;

/** The viewer's primary role when they may wait for it ('Fill': any role), else the first choice. */
function defaultChoice(choices: WaitlistRole[], primaryRole: string | undefined): WaitlistRole {
  const wanted = primaryRole === 'Fill' ? 'any' : primaryRole;
  return choices.find((c) => c === wanted) ?? choices[0]!;
}

/**
 * The waitlist: who waits, in order, for which role; the viewer's own entry with "Leave waitlist"; and
 * "Join waitlist" with a role when what the viewer wants is full. Nothing when nobody waits and nothing is full,
 * or once the scrim is over.
 */
export function WaitlistPanel({ view }: { view: ScrimView }) {
  const { scrim, userId, busy, level, rel } = view;
  const { user } = useCurrentUser();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  // A series game's slots are its lineups': nobody waits for one (can.takeSlot).
  const choices = rel.can.takeSlot ? waitlistChoices(scrim, userId) : [];
  const position = waitlistPosition(scrim, userId);
  const [picked, setPicked] = useState<WaitlistRole | null>(null);
  if (isOver(scrim) || (scrim.waitlist.length === 0 && choices.length === 0)) return null;
  const role =
    picked && choices.includes(picked) ? picked : choices.length ? defaultChoice(choices, user?.primaryRole) : null;
  const headingId = `${scrim._id}-waitlist`;

  return (
    <ScrimPanel
      headingId={headingId}
      title={T.title}
      level={level}
      accent="gold"
      gap={1.25}
      heading={<Chip size="small" label={T.count(scrim.waitlist.length)} />}
    >
      <Typography variant="body2" color="text.secondary">
        {position !== null ? T.joined(position) : choices.length ? T.full : T.explain}
      </Typography>
      {scrim.waitlist.length === 0 ? (
        <Typography variant="body2">{T.empty}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {scrim.waitlist.map((entry, i) => (
            <WaitlistRow
              key={entry._user._id}
              entry={entry}
              position={i + 1}
              mine={entry._user._id === userId}
              onLeave={() => leave.mutate({ scrimId: scrim._id })}
              busy={busy}
            />
          ))}
        </Box>
      )}
      {role && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            id={`${scrim._id}-waitlist-role`}
            label={T.role}
            value={role}
            onChange={(e) => setPicked(e.target.value as WaitlistRole)}
            sx={{ minWidth: 150 }}
          >
            {choices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {T.roleLabel(choice)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            color="secondary"
            disabled={busy}
            onClick={() => join.mutate({ scrimId: scrim._id, role })}
          >
            {T.join}
          </Button>
        </Box>
      )}
    </ScrimPanel>
  );
}

function WaitlistRow({
  entry,
  position,
  mine,
  onLeave,
  busy,
}: {
  entry: Scrim['waitlist'][number];
  position: number;
  mine: boolean;
  onLeave: () => void;
  busy: boolean;
}) {
  return (
    <Box component="li" sx={panelRowSx(mine)}>
      <Typography variant="body2" sx={{ flex: 'none', width: 28, color: 'text.secondary', fontWeight: 700 }}>
        {T.position(position)}
      </Typography>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <PlayerName user={entry._user}>
          <ReliabilityChip score={entry._user.reliability} compact />
        </PlayerName>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {T.roleLabel(entry.role)}
        </Typography>
      </Box>
      {mine && (
        <Button size="small" color="warning" disabled={busy} onClick={onLeave} sx={{ flex: 'none' }}>
          {T.leave}
        </Button>
      )}
    </Box>
  );
}
