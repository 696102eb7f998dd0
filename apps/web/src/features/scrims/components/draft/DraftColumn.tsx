import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DRAFT_TEXTS, type DraftSide, type DraftState, type ScrimUser } from '@scrim-gym/shared';
import { banSlots, currentSlot, draftSideColor, pickSlots } from '../../lib/draft-view';
import { BanRow, PickList, type SlotArt } from './DraftSlots';

/**
 * One side of the draft: its name in the side's colour, its drafter, whether it is ready (before the start), its
 * bans and its picks filling in turn order. `preview`: the champion the side's drafter hovers, shown faintly in
 * the slot the turn fills (only the own side's hovers ever reach the page).
 */
export function DraftColumn({
  side,
  draft,
  users,
  art,
  preview,
  level,
  align,
}: {
  side: DraftSide;
  draft: DraftState;
  users: ReadonlyMap<string, ScrimUser>;
  art: SlotArt;
  preview: string | null;
  level: number;
  align: 'start' | 'end';
}) {
  const headingId = useId();
  const sideName = DRAFT_TEXTS.sides[side];
  const color = draftSideColor(side);
  const drafterId = draft.drafters[side];
  const drafter = drafterId ? (users.get(drafterId)?.name ?? null) : null;
  const turn = currentSlot(draft);
  const banAt = turn?.side === side && turn.action === 'ban' ? turn.slot : null;
  const pickAt = turn?.side === side && turn.action === 'pick' ? turn.slot : null;
  const before = draft.status === 'waiting' || draft.status === 'reset';
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-side={side}
      sx={{
        minWidth: 0,
        display: 'grid',
        gap: 1,
        alignContent: 'start',
        textAlign: align === 'end' ? 'right' : 'left',
      }}
    >
      <Box sx={{ pb: 0.75, borderBottom: `2px solid ${color}`, display: 'grid', gap: 0.25 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            justifyContent: align === 'end' ? 'flex-end' : 'flex-start',
          }}
        >
          <Typography
            id={headingId}
            component={`h${level}` as 'h3'}
            variant="subtitle1"
            sx={{ fontWeight: 800, color }}
          >
            {DRAFT_TEXTS.side(sideName)}
          </Typography>
          {before && (
            <Chip
              size="small"
              label={draft.ready[side] ? DRAFT_TEXTS.isReady(sideName) : DRAFT_TEXTS.notReady(sideName)}
              color={draft.ready[side] ? 'success' : 'default'}
              variant={draft.ready[side] ? 'filled' : 'outlined'}
            />
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" noWrap>
          {drafter ? DRAFT_TEXTS.drafter(drafter) : DRAFT_TEXTS.noDrafter}
        </Typography>
      </Box>
      <BanRow
        side={side}
        slots={banSlots(draft, side)}
        current={banAt}
        preview={banAt !== null ? preview : null}
        art={art}
        size={28}
        align={align}
      />
      <PickList
        side={side}
        slots={pickSlots(draft, side)}
        current={pickAt}
        preview={pickAt !== null ? preview : null}
        art={art}
        size={44}
        align={align}
      />
    </Box>
  );
}
