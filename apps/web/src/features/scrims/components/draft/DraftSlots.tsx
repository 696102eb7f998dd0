import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DRAFT_TEXTS, type DraftSide } from '@scrim-gym/shared';
import { GameIcon } from '../../../../components/GameIcon';
import { championIconUrl, type Ddragon } from '../../../../lib/ddragon';
import type { Champion } from '../../api/champions';
import { draftSideColor, type BanSlot, type PickSlot } from '../../lib/draft-view';

/** How a slot's champion is named and drawn: by display name, from the draft's Data Dragon. */
export interface SlotArt {
  ddragon: Ddragon | null;
  byId: ReadonlyMap<string, Champion>;
}

export const championName = (art: SlotArt, key: string) => art.byId.get(key)?.name ?? key;
const iconOf = (art: SlotArt, key: string) => (art.ddragon ? championIconUrl(art.ddragon, key) : null);

/** An empty slot's tile: the turn's slot in the side's colour, the hovered champion faintly in it. */
function EmptyTile({
  size,
  side,
  current,
  preview,
  art,
}: {
  size: number;
  side: DraftSide;
  current: boolean;
  preview: string | null;
  art: SlotArt;
}) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: 0.5,
        bgcolor: 'rgba(1,10,19,0.5)',
        border: current ? `2px solid ${draftSideColor(side)}` : '1px solid rgba(200,170,110,0.15)',
        boxShadow: current ? `0 0 10px ${draftSideColor(side)}` : 'none',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
      }}
    >
      {preview && (
        <Box sx={{ opacity: 0.45 }}>
          <GameIcon
            src={iconOf(art, preview)}
            label={DRAFT_TEXTS.hovering(championName(art, preview))}
            size={size - 4}
          />
        </Box>
      )}
    </Box>
  );
}

/** A side's five bans in a row: each a champion, "no ban", or to come. */
export function BanRow({
  side,
  slots,
  current,
  preview,
  art,
  size,
  align = 'start',
}: {
  side: DraftSide;
  slots: BanSlot[];
  /** The slot the running turn fills (0-based), when it is one of these. */
  current: number | null;
  preview: string | null;
  art: SlotArt;
  size: number;
  align?: 'start' | 'end';
}) {
  const sideName = DRAFT_TEXTS.sides[side];
  return (
    <Box
      component="ol"
      aria-label={`${sideName} ${DRAFT_TEXTS.bans}`}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 0.5, justifyContent: `flex-${align}` }}
    >
      {slots.map((slot, i) => {
        const what =
          slot.kind === 'champion'
            ? championName(art, slot.champion)
            : slot.kind === 'noBan'
              ? DRAFT_TEXTS.noBan
              : DRAFT_TEXTS.emptySlot;
        return (
          <Box component="li" key={i} aria-label={`${DRAFT_TEXTS.banSlot(sideName, i + 1)}: ${what}`}>
            {slot.kind === 'champion' ? (
              <Box sx={{ filter: 'grayscale(0.85)' }}>
                <GameIcon src={iconOf(art, slot.champion)} label={what} size={size} />
              </Box>
            ) : slot.kind === 'noBan' ? (
              <GameIcon src={null} label={what} size={size} />
            ) : (
              <EmptyTile
                size={size}
                side={side}
                current={current === i}
                preview={current === i ? preview : null}
                art={art}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** A side's five picks, top to bottom in turn order: icon, display name and the role when the drafter gave one. */
export function PickList({
  side,
  slots,
  current,
  preview,
  art,
  size,
  align = 'start',
  showNames = true,
}: {
  side: DraftSide;
  slots: PickSlot[];
  current: number | null;
  preview: string | null;
  art: SlotArt;
  size: number;
  align?: 'start' | 'end';
  showNames?: boolean;
}) {
  const sideName = DRAFT_TEXTS.sides[side];
  return (
    <Box
      component="ol"
      aria-label={`${sideName} ${DRAFT_TEXTS.picks}`}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}
    >
      {slots.map((slot, i) => {
        const name = slot.kind === 'champion' ? championName(art, slot.champion) : null;
        return (
          <Box
            component="li"
            key={i}
            aria-label={`${DRAFT_TEXTS.pickSlot(sideName, i + 1)}: ${name ?? DRAFT_TEXTS.emptySlot}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              minWidth: 0,
              flexDirection: align === 'end' ? 'row-reverse' : 'row',
              textAlign: align === 'end' ? 'right' : 'left',
            }}
          >
            {slot.kind === 'champion' ? (
              <GameIcon src={iconOf(art, slot.champion)} label={name!} size={size} />
            ) : (
              <EmptyTile
                size={size}
                side={side}
                current={current === i}
                preview={current === i ? preview : null}
                art={art}
              />
            )}
            {showNames && (
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 700 }}>
                  {name ?? (current === i && preview ? DRAFT_TEXTS.hovering(championName(art, preview)) : '')}
                </Typography>
                {slot.kind === 'champion' && slot.role && (
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {slot.role}
                  </Typography>
                )}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
