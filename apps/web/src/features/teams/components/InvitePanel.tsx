import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TeamInvite } from '@scrim-gym/shared';
import { formatWhen } from '../../../lib/datetime';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCopy } from '../../alerts/use-copy';
import { useCreateInvite, useRevokeInvite } from '../api/teams';
import { TEAM_TEXTS as T } from '../texts';

/** A captain's invite link: made on demand, copied with one click, revocable. */
export function InvitePanel({ teamId }: { teamId: string }) {
  const [invite, setInvite] = useState<TeamInvite | null>(null);
  const create = useCreateInvite(teamId);
  const revoke = useRevokeInvite(teamId);
  const showAlert = useAlert();
  const copy = useCopy();
  const failed = (error: unknown) => showAlert({ type: 'Error', message: messageOf(error, T.failedAction) });

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setInvite(made);
        void copy(made.url, T.inviteCopied);
      },
      onError: failed,
    });

  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary" variant="body2">
        {T.inviteHelp}
      </Typography>
      {invite ? (
        <Stack spacing={1}>
          <TextField
            label={T.inviteLink}
            value={invite.url}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true }, formHelperText: { role: 'status' } }}
            helperText={T.inviteExpires(formatWhen(invite.expiresAt))}
            onFocus={(e) => e.target.select()}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void copy(invite.url, T.inviteCopied)}>
              {T.copyLink}
            </Button>
            <Button
              color="error"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(invite._id, {
                  onSuccess: () => {
                    setInvite(null);
                    showAlert({ type: 'Success', message: T.revoked });
                  },
                  onError: failed,
                })
              }
            >
              {T.revoke}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <div>
          <Button variant="contained" onClick={make} disabled={create.isPending}>
            {T.createInvite}
          </Button>
        </div>
      )}
    </Stack>
  );
}
