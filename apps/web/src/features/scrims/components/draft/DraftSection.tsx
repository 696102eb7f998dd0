import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  DRAFT_MESSAGES,
  DRAFT_SIDES,
  DRAFT_TEXTS,
  type DraftSide,
  type DraftState,
  type Scrim,
} from '@scrim-gym/shared';
import { useChampions, type ChampionsState } from '../../api/champions';
import { useDraft, useDraftAction } from '../../api/draft';
import { useDraftLive } from '../../hooks/useDraftLive';
import {
  championBlocks,
  NO_DRAFT_ABILITIES,
  anyDraftPower,
  draftUsers,
  hoversByChampion,
  sidePlayers,
  viewerSideOf,
} from '../../lib/draft-view';
import { draftOverlayPath } from '../../lib/paths';
import type { Relation } from '../../lib/scrim-view';
import { ChampionGrid } from './ChampionGrid';
import { DraftClock } from './DraftClock';
import { DraftColumn } from './DraftColumn';
import type { SlotArt } from './DraftSlots';
import { HandOffDialog } from './HandOffDialog';

/**
 * The scrim page's draft room (a lazy chunk: only a scrim with a draft loads it): both sides' bans and picks, whose
 * turn it is and its clock, Ready, the drafter's hand-over and the reset for who may use them, and the champion grid
 * for the sides' players. Live through `draftChange` (signed in) or read every few seconds (a visitor).
 */
export function DraftSection({
  scrim,
  rel,
  userId,
  level,
}: {
  scrim: Scrim;
  rel: Relation;
  userId: string | null;
  /** The page's heading level: the section's title is one below. */
  level: number;
}) {
  const headingId = useId();
  const draft = useDraft(scrim._id, { live: Boolean(userId) });
  const involved =
    Boolean(userId) && (anyDraftPower(draft.data?.can) || viewerSideOf(scrim, userId) !== null || rel.can.edit);
  useDraftLive(scrim._id, userId, involved);
  const champions = useChampions();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 1.5, md: 2.5 },
        borderRadius: 2,
        border: '1px solid rgba(200,170,110,0.25)',
        bgcolor: 'background.paper',
        display: 'grid',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component={`h${level + 1}` as 'h2'} variant="h6" sx={{ fontWeight: 800 }}>
          {DRAFT_TEXTS.title}
        </Typography>
        <Chip size="small" variant="outlined" label={DRAFT_TEXTS.modes[scrim.draft]} />
        <Button
          size="small"
          component={RouterLink}
          to={draftOverlayPath(scrim._id)}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNewIcon fontSize="small" />}
          sx={{ ml: 'auto' }}
        >
          {DRAFT_TEXTS.overlay}
        </Button>
      </Box>
      {draft.data ? (
        <DraftRoom scrim={scrim} draft={draft.data} champions={champions} userId={userId} level={level + 2} />
      ) : (
        <Typography variant="body2" color="text.secondary" role="status">
          {draft.isError ? DRAFT_TEXTS.failed : DRAFT_TEXTS.loading}
        </Typography>
      )}
    </Box>
  );
}

function DraftRoom({
  scrim,
  draft,
  champions,
  userId,
  level,
}: {
  scrim: Scrim;
  draft: DraftState;
  champions: ChampionsState;
  userId: string | null;
  level: number;
}) {
  const action = useDraftAction(scrim._id);
  // Hovers apart: a suggestion in flight does not hold up Lock or Ready.
  const hover = useDraftAction(scrim._id);
  const [selected, setSelected] = useState<string | null>(null);
  const [handing, setHanding] = useState(false);
  const unreadable = champions.status === 'unreadable' || !draft.championsAvailable;
  // What the viewer may do is the server's answer to them; the page only chooses which controls to show.
  const can = draft.can ?? NO_DRAFT_ABILITIES;
  const users = draftUsers(scrim);
  const drafterSide = DRAFT_SIDES.find((side) => userId !== null && draft.drafters[side] === userId) ?? null;
  const mySide = viewerSideOf(scrim, userId) ?? drafterSide;
  const art: SlotArt =
    champions.status === 'ready'
      ? { ddragon: champions.ddragon, byId: champions.byId }
      : { ddragon: null, byId: new Map() };
  const myDrafting = mySide !== null && draft.drafters[mySide] === userId;
  const myChoice = userId ? (selected ?? draft.hovers?.[userId] ?? null) : null;
  const blocks = championBlocks(draft);
  // The own drafter's hover, unless a lock since took that champion.
  const previewOf = (side: DraftSide) => {
    const drafter = draft.drafters[side];
    if (side !== mySide || !drafter) return null;
    const hovered = myDrafting ? myChoice : (draft.hovers?.[drafter] ?? null);
    return hovered && !blocks.has(hovered) ? hovered : null;
  };
  const yourTurn = can.lock;
  const handSides = DRAFT_SIDES.filter((side) => can.chooseDrafter[side]);
  const otherSide = (side: DraftSide): DraftSide => (side === 'blue' ? 'red' : 'blue');
  const suggestions = new Map(
    [...(mySide ? hoversByChampion(draft, scrim, mySide) : [])].map(([champion, ids]) => [
      champion,
      ids.map((id) => users.get(id)?.name ?? id),
    ]),
  );
  const asked = DRAFT_SIDES.filter((side) => draft.resetAsked?.[side]);
  // Who runs the scrim resets at once; a drafter asks once, and resets when the other side has asked already.
  const resetLabel =
    can.reset === 'now'
      ? DRAFT_TEXTS.reset
      : can.reset === 'ask' && drafterSide && !draft.resetAsked?.[drafterSide]
        ? draft.resetAsked?.[otherSide(drafterSide)]
          ? DRAFT_TEXTS.reset
          : DRAFT_TEXTS.askReset
        : null;

  return (
    <>
      {unreadable && (
        <Alert severity="warning" variant="outlined">
          {DRAFT_MESSAGES.championsUnreadable}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, md: 2 },
          alignItems: 'start',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'minmax(0, 1fr) auto minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"clock clock" "blue red"', md: '"blue clock red"' },
        }}
      >
        <Box sx={{ gridArea: 'blue', minWidth: 0 }}>
          <DraftColumn
            side="blue"
            draft={draft}
            users={users}
            art={art}
            preview={previewOf('blue')}
            level={level}
            align="start"
          />
        </Box>
        <Box sx={{ gridArea: 'clock', minWidth: { md: 160 }, pt: { md: 1 } }}>
          <DraftClock draft={draft} yourTurn={yourTurn} />
        </Box>
        <Box sx={{ gridArea: 'red', minWidth: 0 }}>
          <DraftColumn
            side="red"
            draft={draft}
            users={users}
            art={art}
            preview={previewOf('red')}
            level={level}
            align="end"
          />
        </Box>
      </Box>
      {draft.unavailable.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {DRAFT_TEXTS.fearlessUnavailable(draft.unavailable.length)}
        </Typography>
      )}
      {asked.length > 0 && (
        <Typography variant="body2" role="status">
          {asked
            .map((side) =>
              side === drafterSide ? DRAFT_TEXTS.youAskedReset : DRAFT_MESSAGES.resetAsked(DRAFT_TEXTS.sides[side]),
            )
            .join(' ')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        {!unreadable &&
          DRAFT_SIDES.filter((side) => can.ready[side]).map((side) => (
            <Button
              key={side}
              variant="contained"
              disabled={action.isPending}
              onClick={() => action.mutate({ action: 'ready', body: { side } })}
            >
              {DRAFT_TEXTS.ready(DRAFT_TEXTS.sides[side])}
            </Button>
          ))}
        {handSides.length > 0 && (
          <Button variant="outlined" onClick={() => setHanding(true)}>
            {DRAFT_TEXTS.handTo}
          </Button>
        )}
        {resetLabel && (
          <Button
            variant="outlined"
            color="warning"
            disabled={action.isPending}
            onClick={() => action.mutate({ action: 'reset' })}
          >
            {resetLabel}
          </Button>
        )}
      </Box>
      {draft.status === 'running' && can.hover && champions.status === 'loading' && (
        <Typography variant="body2" color="text.secondary" role="status">
          {DRAFT_TEXTS.championsLoading}
        </Typography>
      )}
      {draft.status === 'running' && can.hover && champions.status === 'ready' && (
        <ChampionGrid
          champions={champions.champions}
          ddragon={champions.ddragon}
          blocks={blocks}
          suggestions={suggestions}
          selected={myChoice}
          onSelect={(champion) => {
            setSelected(champion);
            hover.mutate({ action: 'hover', body: { champion } });
          }}
          lock={
            yourTurn && draft.turn
              ? {
                  side: draft.turn.side,
                  pending: action.isPending,
                  onLock: (champion) =>
                    action.mutate(
                      // The turn locked for: a turn its clock decided meanwhile is refused, not taken for the next.
                      { action: 'lock', body: { champion, turn: draft.turn!.index } },
                      { onSuccess: () => setSelected(null) },
                    ),
                }
              : null
          }
        />
      )}
      {handing && (
        <HandOffDialog
          open
          sides={handSides}
          playersOf={(side) => sidePlayers(scrim, side)}
          drafters={draft.drafters}
          pending={action.isPending}
          onClose={() => setHanding(false)}
          onHand={(side, id) =>
            action.mutate({ action: 'drafter', body: { side, userId: id } }, { onSuccess: () => setHanding(false) })
          }
        />
      )}
    </>
  );
}
