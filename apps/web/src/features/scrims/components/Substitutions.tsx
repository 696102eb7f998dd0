import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SCRIM_TEXTS } from '@scrim-gym/shared';
import { substitutionLines } from '../lib/show-up';
import { PlayerName } from './PlayerName';
import type { ScrimView } from './scrim-view-context';

const T = SCRIM_TEXTS.showUp;

/** "{in} replaced {out}" for each substitution made after the start. */
export function Substitutions({ view }: { view: ScrimView }) {
  const lines = substitutionLines(view.scrim);
  if (lines.length === 0) return null;
  const headingId = `${view.scrim._id}-substitutions`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
      <Typography
        id={headingId}
        variant="subtitle2"
        component={`h${view.level + 1}` as 'h2' | 'h4'}
        sx={{ fontWeight: 800, mb: 0.5 }}
      >
        {T.substitutions}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {lines.map((line) => (
          <Box
            component="li"
            key={line.key}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', minWidth: 0 }}
          >
            {line.in ? <PlayerName user={line.in} /> : <Typography variant="body2">{T.unknownSubstitute}</Typography>}
            <Typography variant="body2" color="text.secondary">
              {T.replaced}
            </Typography>
            {line.out ? (
              <PlayerName user={line.out} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {T.absentee}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
