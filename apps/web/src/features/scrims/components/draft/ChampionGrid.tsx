import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { DRAFT_CLASS_LABELS, DRAFT_TEXTS, type DraftSide } from '@scrim-gym/shared';
import { GameIcon } from '../../../../components/GameIcon';
import { championIconUrl, type Ddragon } from '../../../../lib/ddragon';
import type { Champion } from '../../api/champions';
import { draftSideColor, type ChampionBlock } from '../../lib/draft-view';

type ChampionClass = keyof typeof DRAFT_CLASS_LABELS;
const CLASSES = Object.keys(DRAFT_CLASS_LABELS) as ChampionClass[];

/** Search ignores case, accents, spaces and punctuation: "kaisa" finds Kai'Sa, "wu" Wukong. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

const blockLabel = (block: ChampionBlock, name: string) =>
  block === 'banned'
    ? DRAFT_TEXTS.banned(name)
    : block === 'picked'
      ? DRAFT_TEXTS.picked(name)
      : DRAFT_TEXTS.unavailable(name);

/**
 * The champions for a side's players while the draft runs: search by display name, filter by Data Dragon's class,
 * banned, picked and fearless-unavailable ones greyed and not clickable. A click hovers (suggests) the champion to
 * the own side; teammates' suggestions are marked with their names. The drafter, on the side's turn, locks the one
 * chosen.
 */
export function ChampionGrid({
  champions,
  ddragon,
  blocks,
  suggestions,
  selected,
  onSelect,
  lock,
}: {
  champions: readonly Champion[];
  ddragon: Ddragon;
  blocks: ReadonlyMap<string, ChampionBlock>;
  /** Champion key → the names of the teammates suggesting it. */
  suggestions: ReadonlyMap<string, string[]>;
  selected: string | null;
  onSelect: (champion: string) => void;
  /** The drafter on their side's turn: the Lock button. */
  lock: { side: DraftSide; pending: boolean; onLock: (champion: string) => void } | null;
}) {
  const [search, setSearch] = useState('');
  const [championClass, setChampionClass] = useState<ChampionClass | ''>('');
  const query = folded(useDeferredValue(search));
  const shown = champions.filter(
    (champion) =>
      (!query || folded(champion.name).includes(query)) && (!championClass || champion.tags.includes(championClass)),
  );
  const selectedChampion = selected ? champions.find((champion) => champion.id === selected) : undefined;
  const lockable = selectedChampion && !blocks.has(selectedChampion.id) ? selectedChampion : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={DRAFT_TEXTS.search}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 180px' }}
        />
        <TextField
          select
          size="small"
          label={DRAFT_TEXTS.classFilter}
          value={championClass}
          onChange={(event) => setChampionClass(event.target.value as ChampionClass | '')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ flex: '0 1 160px' }}
        >
          <MenuItem value="">{DRAFT_TEXTS.allClasses}</MenuItem>
          {CLASSES.map((tag) => (
            <MenuItem key={tag} value={tag}>
              {DRAFT_CLASS_LABELS[tag]}
            </MenuItem>
          ))}
        </TextField>
        {lock && (
          <Button
            variant="contained"
            disabled={!lockable || lock.pending}
            onClick={() => lockable && lock.onLock(lockable.id)}
            sx={{
              flex: { xs: '1 1 100%', sm: '0 0 auto' },
              // The side's colour while there is something to lock; the theme's disabled look otherwise.
              ...(lockable && !lock.pending && { bgcolor: draftSideColor(lock.side), color: '#010a13' }),
            }}
          >
            {lockable ? DRAFT_TEXTS.lock(lockable.name) : DRAFT_TEXTS.lockNothing}
          </Button>
        )}
      </Box>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {DRAFT_TEXTS.noMatch}
        </Typography>
      ) : (
        <Box
          role="group"
          aria-label={DRAFT_TEXTS.champions}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(64px, 1fr))',
            gap: 1,
            maxHeight: 360,
            overflowY: 'auto',
            p: 0.5,
          }}
        >
          {shown.map((champion) => {
            const block = blocks.get(champion.id);
            const by = suggestions.get(champion.id);
            const label = block
              ? blockLabel(block, champion.name)
              : by?.length
                ? DRAFT_TEXTS.suggestedBy(champion.name, by.join(', '))
                : champion.name;
            const isSelected = champion.id === selected;
            return (
              <ButtonBase
                key={champion.id}
                disabled={Boolean(block)}
                aria-label={label}
                aria-pressed={isSelected}
                title={label}
                onClick={() => onSelect(champion.id)}
                sx={{
                  display: 'grid',
                  justifyItems: 'center',
                  gap: 0.25,
                  p: 0.5,
                  borderRadius: 1,
                  border: '2px solid',
                  borderColor: isSelected ? 'primary.main' : by?.length ? 'rgba(200,170,110,0.6)' : 'transparent',
                  opacity: block ? 0.35 : 1,
                  filter: block ? 'grayscale(1)' : 'none',
                  '&:hover': { bgcolor: 'rgba(255,255,255,0.06)' },
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <GameIcon src={championIconUrl(ddragon, champion.id)} label={champion.name} size={48} />
                <Typography component="span" variant="caption" noWrap sx={{ maxWidth: '100%', fontSize: 11 }}>
                  {champion.name}
                </Typography>
              </ButtonBase>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
