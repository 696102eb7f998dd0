import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { DRAFT_TEXTS, type DraftSide, type DraftState, type Scrim, type ScrimUser } from '@scrim-gym/shared';
import { GameIcon } from '../../../components/GameIcon';
import { championIconUrl } from '../../../lib/ddragon';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCurrentUser } from '../../auth/api/session';
import { useChampions } from '../api/champions';
import { useDraft } from '../api/draft';
import { useScrim } from '../api/scrim';
import { DraftClock } from '../components/draft/DraftClock';
import { BanRow, championName, type SlotArt } from '../components/draft/DraftSlots';
import { useDraftLive } from '../hooks/useDraftLive';
import { watchScrims } from '../hooks/scrim-live';
import { useScrimSocket } from '../hooks/useScrimSocket';
import { banSlots, currentSlot, draftSideColor, draftUsers, pickSlots } from '../lib/draft-view';
import { scrimTitle } from '../lib/scrim-view';

/** This page imports the socket code with its own: no dynamic import of it. */
const loadLive = () => Promise.resolve({ watchScrims });

/** A pick's tile: five a side and the clock fit a 1280 px wide source. */
const PICK_SIZE = 84;

/** Readable over any stream picture: light text with a dark outline. */
const SHADOW = '0 0 4px #000, 0 0 8px rgba(0,0,0,0.8)';

/**
 * /scrims/:id/draft/overlay: the draft for a stream's browser source. Wide, no controls, on a transparent page:
 * each side's name in its colour, its picks as big icons, its bans, and the turn's clock in the middle. It shows
 * no hover (a caster is on neither side). Live like the scrim page; signed out, it reads the draft every few seconds.
 */
export function DraftOverlayPage() {
  const { id = '' } = useParams();
  const userId = useCurrentUser().user?._id ?? null;
  const scrim = useScrim(id);
  const draft = useDraft(id, { live: Boolean(userId) });
  useScrimSocket({ scrimId: id }, loadLive);
  // The overlay acts on nothing: its copy of each change is enough.
  useDraftLive(id, userId, false);
  const champions = useChampions();
  useTransparentPage();
  const title = DRAFT_TEXTS.overlayTitle(scrim.data ? scrimTitle(scrim.data) : DRAFT_TEXTS.title);
  usePageTitle(title);
  const art: SlotArt =
    champions.status === 'ready'
      ? { ddragon: champions.ddragon, byId: champions.byId }
      : { ddragon: null, byId: new Map() };

  return (
    <Box component="main" sx={{ p: 2, color: '#fff', textShadow: SHADOW, minWidth: 960 }}>
      <h1 style={visuallyHidden}>{title}</h1>
      {draft.data && scrim.data ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) 200px minmax(0, 1fr)',
            gap: 3,
            alignItems: 'start',
          }}
        >
          <OverlaySide side="blue" scrim={scrim.data} draft={draft.data} art={art} />
          <Box sx={{ pt: 4 }}>
            <DraftClock draft={draft.data} size="large" />
          </Box>
          <OverlaySide side="red" scrim={scrim.data} draft={draft.data} art={art} />
        </Box>
      ) : (
        (draft.isError || scrim.isError) && (
          <Typography variant="h5" role="status">
            {DRAFT_TEXTS.overlayUnavailable}
          </Typography>
        )
      )}
    </Box>
  );
}

/**
 * The page's own background while the overlay is shown, so a stream sees through it. Set on the body directly: MUI's
 * GlobalStyles imported from a route chunk splits the theme's modules out of the first bundle.
 */
function useTransparentPage() {
  useEffect(() => {
    const { body, documentElement: root } = document;
    const previous = { body: body.style.background, root: root.style.background, scheme: root.style.colorScheme };
    body.style.background = 'transparent';
    root.style.background = 'transparent';
    // A dark colour scheme paints the page's canvas dark behind a transparent root.
    root.style.colorScheme = 'normal';
    return () => {
      body.style.background = previous.body;
      root.style.background = previous.root;
      root.style.colorScheme = previous.scheme;
    };
  }, []);
}

/** The side's name: its team's in a series game, else Blue or Red. */
const sideName = (scrim: Scrim, side: DraftSide) =>
  scrim.series?.teams[side === 'blue' ? 0 : 1]?.name ?? DRAFT_TEXTS.side(DRAFT_TEXTS.sides[side]);

function OverlaySide({ side, scrim, draft, art }: { side: DraftSide; scrim: Scrim; draft: DraftState; art: SlotArt }) {
  const color = draftSideColor(side);
  const end = side === 'red';
  const users: ReadonlyMap<string, ScrimUser> = draftUsers(scrim);
  const drafterId = draft.drafters[side];
  const drafter = drafterId ? users.get(drafterId)?.name : undefined;
  const turn = currentSlot(draft);
  const picks = pickSlots(draft, side);
  return (
    <Box
      component="section"
      aria-label={sideName(scrim, side)}
      sx={{ display: 'grid', gap: 1.5, textAlign: end ? 'right' : 'left' }}
    >
      <Box sx={{ borderBottom: `4px solid ${color}`, pb: 0.5 }}>
        <Typography component="h2" sx={{ fontSize: '2rem', fontWeight: 800, color, lineHeight: 1.1 }} noWrap>
          {sideName(scrim, side)}
        </Typography>
        {drafter && (
          <Typography sx={{ fontSize: '1.1rem', fontWeight: 600 }}>{DRAFT_TEXTS.drafter(drafter)}</Typography>
        )}
      </Box>
      <Box
        component="ol"
        aria-label={`${DRAFT_TEXTS.sides[side]} ${DRAFT_TEXTS.picks}`}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1, flexDirection: end ? 'row-reverse' : 'row' }}
      >
        {picks.map((slot, i) => {
          const current = turn?.side === side && turn.action === 'pick' && turn.slot === i;
          const name = slot.kind === 'champion' ? championName(art, slot.champion) : null;
          return (
            <Box
              component="li"
              key={i}
              aria-label={`${DRAFT_TEXTS.pickSlot(DRAFT_TEXTS.sides[side], i + 1)}: ${name ?? DRAFT_TEXTS.emptySlot}`}
              sx={{ width: PICK_SIZE, display: 'grid', justifyItems: 'center', gap: 0.5 }}
            >
              <Box
                sx={{
                  width: PICK_SIZE,
                  height: PICK_SIZE,
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'rgba(1,10,19,0.75)',
                  border: current ? `3px solid ${color}` : `2px solid rgba(255,255,255,0.2)`,
                  boxShadow: current ? `0 0 16px ${color}` : 'none',
                }}
              >
                {slot.kind === 'champion' && (
                  <GameIcon
                    src={art.ddragon ? championIconUrl(art.ddragon, slot.champion) : null}
                    label={name!}
                    size={92}
                  />
                )}
              </Box>
              <Typography sx={{ fontWeight: 700, fontSize: '1rem', maxWidth: PICK_SIZE }} noWrap>
                {name ?? ' '}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <BanRow
        side={side}
        slots={banSlots(draft, side)}
        current={turn?.side === side && turn.action === 'ban' ? turn.slot : null}
        preview={null}
        art={art}
        size={44}
        align={end ? 'end' : 'start'}
      />
    </Box>
  );
}
