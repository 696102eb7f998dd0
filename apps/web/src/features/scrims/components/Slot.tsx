import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent, type ReactNode } from 'react';
import {
  SCRIM_MESSAGES,
  teamDisplayName,
  SCRIM_TEXTS,
  type Role,
  type ScrimPlayer,
  type TeamName,
} from '@scrim-gym/shared';
import { useJoinSlot, useMoveSlot, useRemovePlayer, useSwapPlayers, useSwitchToPlayer } from '../api/scrim-actions';
import { isOffRole } from '../lib/balance';
import { ratingChangeText } from '../lib/result';
import { CopyButton } from './CopyButton';
import { LeaveSlotButton } from './LeaveSlotButton';
import { PlayerName } from './PlayerName';
import type { ScrimView } from './scrim-view-context';
import { SlotMarks } from './SlotMarks';
import { SubstituteButton } from './SubstituteButton';

const DRAG_TYPE = 'application/x-scrim-player';
/** A rating change's colour by its sign ('+12' green, '−9' red, '±0' grey). */
const RATING_CHANGE_COLORS: Record<string, string> = { '+': 'success.light', '−': 'error.light' };

/** Join or move here when empty; admins drag players between slots to swap them. */
function useSlotActions(view: ScrimView, team: TeamName, role: Role, player: ScrimPlayer | undefined) {
  const join = useJoinSlot();
  const move = useMoveSlot();
  const switchToPlayer = useSwitchToPlayer();
  const remove = useRemovePlayer();
  const swap = useSwapPlayers();
  const { scrim, rel, userId, confirm } = view;
  const scrimId = scrim._id;
  return {
    take: () =>
      userId && (rel.player ? move : rel.isCaster ? switchToPlayer : join).mutate({ scrimId, userId, team, role }),
    kick: async () => {
      if (!player) return;
      const name = player._user.name;
      if (
        await confirm({ title: SCRIM_MESSAGES.confirmKick(name), confirmLabel: SCRIM_TEXTS.kick, destructive: true })
      ) {
        remove.mutate({ scrimId, userId: player._user._id, kickedName: name });
      }
    },
    dropped: (draggedUserId: string) => {
      // Dropping a player on their own slot does nothing.
      if (!draggedUserId || draggedUserId === player?._user._id) return;
      swap.mutate({ scrimId, userId: draggedUserId, team, role });
    },
  };
}

export function Slot({
  view,
  team,
  role,
  player,
}: {
  view: ScrimView;
  team: TeamName;
  role: Role;
  player?: ScrimPlayer;
}) {
  const { rel, over, busy, scrim } = view;
  const actions = useSlotActions(view, team, role, player);
  const [dragOver, setDragOver] = useState(false);
  const canDrag = rel.can.swapPlayers && !over;
  const isMe = Boolean(player && player._user._id === view.userId);
  const teamLabel = teamDisplayName(team);

  const dropHandlers = canDrag
    ? {
        onDragOver: (e: DragEvent) => {
          if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
          e.preventDefault();
          setDragOver(true);
        },
        onDragLeave: () => setDragOver(false),
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          setDragOver(false);
          actions.dropped(e.dataTransfer.getData(DRAG_TYPE));
        },
      }
    : {};

  return (
    <Box
      component="li"
      {...dropHandlers}
      draggable={canDrag && Boolean(player)}
      onDragStart={
        canDrag && player ? (e: DragEvent) => e.dataTransfer.setData(DRAG_TYPE, player._user._id) : undefined
      }
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        px: 1.25,
        py: 0.75,
        borderRadius: 1.5,
        border: '1px solid',
        borderColor: dragOver ? 'secondary.main' : player ? 'rgba(182,194,214,0.14)' : 'rgba(10,200,185,0.35)',
        borderStyle: player ? 'solid' : 'dashed',
        bgcolor: isMe ? 'rgba(200,170,110,0.10)' : 'rgba(255,255,255,0.025)',
        cursor: canDrag && player ? 'grab' : undefined,
      }}
    >
      <Typography variant="body2" sx={{ width: 58, flex: 'none', color: 'text.secondary', fontWeight: 600 }}>
        {role}
      </Typography>
      <Box sx={{ flex: player ? { xs: '1 1 calc(100% - 66px)', sm: '1 1 0' } : '1 1 0', minWidth: 0 }}>
        {player ? (
          <PlayerInfo
            player={player}
            isCaptain={scrim.lobbyHost?._id === player._user._id}
            ratingChange={ratingChangeText(scrim, player._user._id)}
            offRole={isOffRole(scrim, player._user._id)}
            marks={<SlotMarks view={view} user={player._user} />}
          />
        ) : null}
      </Box>
      {/* On a phone the actions take their own line below the name, so the name has the slot's whole width. */}
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto', flex: 'none', '&:empty': { display: 'none' } }}
      >
        {/* Signed out: nothing to take. A caster switches in one step instead of a Join the server refuses. A
          balanced scrim's players sign up instead; a series game's slots are its lineups' (can.takeSlot). */}
        {!over && !player && view.userId && scrim.mode !== 'balanced' && rel.can.takeSlot && (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            disabled={busy}
            onClick={actions.take}
            aria-label={takeLabel(rel, teamLabel, role)}
            sx={{ flex: 'none' }}
          >
            {rel.player ? SCRIM_TEXTS.move : rel.isCaster ? SCRIM_TEXTS.switchToPlayer : SCRIM_TEXTS.join}
          </Button>
        )}
        {/* A balanced scrim's player withdraws in the sign-up panel (before the lock) instead. */}
        {!over && player && isMe && scrim.mode !== 'balanced' && <LeaveSlotButton view={view} />}
        {player && <SubstituteButton view={view} player={player} />}
        {!over && player && !isMe && rel.can.kick && (
          <Button
            size="small"
            color="error"
            disabled={busy}
            onClick={() => void actions.kick()}
            aria-label={SCRIM_TEXTS.kickPlayer(player._user.name)}
          >
            {SCRIM_TEXTS.kick}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function takeLabel(rel: ScrimView['rel'], teamLabel: string, role: Role) {
  if (rel.player) return SCRIM_TEXTS.moveSlot(teamLabel, role);
  return rel.isCaster ? SCRIM_TEXTS.switchSlot(teamLabel, role) : SCRIM_TEXTS.joinSlot(teamLabel, role);
}

function PlayerInfo({
  player,
  isCaptain,
  offRole,
  ratingChange,
  marks,
}: {
  player: ScrimPlayer;
  isCaptain: boolean;
  offRole: boolean;
  /** '+12' / '−9' after a rated result. */
  ratingChange: string | null;
  /** The check-in mark and reliability. */
  marks?: ReactNode;
}) {
  const user = player._user;
  return (
    <>
      <PlayerName user={user}>
        {isCaptain && <StarIcon titleAccess={SCRIM_TEXTS.captain} fontSize="small" sx={{ color: 'primary.main' }} />}
        {offRole && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={SCRIM_TEXTS.offRole}
            title={SCRIM_TEXTS.offRoleTitle}
            sx={{ height: 20, fontSize: '0.7rem', flex: 'none' }}
          />
        )}
        {ratingChange && (
          <Typography
            variant="caption"
            aria-label={SCRIM_TEXTS.ratingChange(ratingChange)}
            sx={{ flex: 'none', fontWeight: 700, color: RATING_CHANGE_COLORS[ratingChange[0]!] ?? 'text.secondary' }}
          >
            {ratingChange}
          </Typography>
        )}
        {marks}
      </PlayerName>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, color: 'text.secondary' }}>
        <Typography variant="caption" noWrap sx={{ flex: 'none' }}>
          {user.rank}
        </Typography>
        {user.discord && (
          <CopyButton
            value={user.discord}
            message={SCRIM_MESSAGES.copiedDiscord(user.discord)}
            label={SCRIM_TEXTS.copyDiscord(user.discord)}
            sx={{ py: 0, px: 0.5, fontSize: '0.75rem', fontWeight: 400, color: 'text.secondary', minHeight: 0 }}
          />
        )}
      </Box>
    </>
  );
}
