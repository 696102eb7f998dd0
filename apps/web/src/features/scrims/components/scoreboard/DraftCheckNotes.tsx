import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { DRAFT_MESSAGES, DRAFT_SIDE_LABELS, type DraftCheck, type DraftMismatch } from '@scrim-gym/shared';

/** One difference as a sentence, the champions by their display names ("Red played Ahri; the draft had Syndra"). */
function mismatchText({ action, side, played, drafted }: DraftMismatch, names: DraftCheck['names']) {
  const name = (champion: string) => names[champion] ?? champion;
  const label = DRAFT_SIDE_LABELS[side];
  if (action === 'pick')
    return played && drafted ? DRAFT_MESSAGES.playedNotDrafted(label, name(played), name(drafted)) : null;
  if (!played) return drafted ? DRAFT_MESSAGES.notBannedDrafted(label, name(drafted)) : null;
  return DRAFT_MESSAGES.bannedNotDrafted(label, name(played), drafted ? name(drafted) : DRAFT_MESSAGES.noBan);
}

/** The scoreboard's flags where the game did not follow the scrim's draft; nothing when it did, or had none. */
export function DraftCheckNotes({ check }: { check: DraftCheck | null }) {
  const titleId = useId();
  const lines = (check?.mismatches ?? []).flatMap((m) => mismatchText(m, check!.names) ?? []);
  if (lines.length === 0) return null;
  return (
    // A region, not an alert: the flags are part of the board, not news to announce.
    <Alert severity="warning" variant="outlined" role="region" aria-labelledby={titleId}>
      <Box id={titleId} component="span" sx={{ fontWeight: 700 }}>
        {DRAFT_MESSAGES.draftCheckTitle}
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Alert>
  );
}
