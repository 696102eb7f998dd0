import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { MATCH_MESSAGES } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useAttachMatch } from '../api/match';
import { serverMessage } from '../lib/errors';

/**
 * Admins only, under a played scrim with no stats: attach Riot's match by id (a game played with the manual
 * lobby). The server checks everything (the region, 8 of 10 players in it, Riot's answer); its message is shown
 * under the field.
 */
export function AttachMatchForm({ scrimId }: { scrimId: string }) {
  const [matchId, setMatchId] = useState('');
  const attach = useAttachMatch(scrimId);
  const showAlert = useAlert();
  const error = attach.isError ? serverMessage(attach.error, MATCH_MESSAGES.attachFailed) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const id = matchId.trim();
    if (!id) return;
    attach.mutate(id, { onSuccess: () => showAlert({ type: 'Success', message: MATCH_MESSAGES.matchAttached }) });
  };

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      aria-label={MATCH_MESSAGES.attachTitle}
      sx={{ mt: 1.5, px: { xs: 0.5, md: 1 }, display: 'grid', gap: 1, maxWidth: 520 }}
    >
      <Typography variant="subtitle2" component="h2">
        {MATCH_MESSAGES.attachTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {MATCH_MESSAGES.attachHelp}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={MATCH_MESSAGES.attachLabel}
          value={matchId}
          onChange={(event) => setMatchId(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off', spellCheck: false } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={attach.isPending || !matchId.trim()} sx={{ mt: 0.25 }}>
          {MATCH_MESSAGES.attachButton}
        </Button>
      </Box>
    </Box>
  );
}
