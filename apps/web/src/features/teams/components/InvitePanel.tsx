import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TEAM_TEXTS as T, type TeamInvite } from '@scrim-gym/shared';
import { formatWhen } from '../../../lib/datetime';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCopy } from '../../alerts/use-copy';
import { useCreateInvite, useOpenInvites, useRevokeInvite } from '../api/teams';

/**
 * A captain's invite links: a new one made on demand and copied with one click (its whole address is shown only
 * now), and the team's open links, each revocable.
 */
export function InvitePanel({ teamId }: { teamId: string }) {
  const [invite, setInvite] = useState<TeamInvite | null>(null);
  const create = useCreateInvite(teamId);
  const revoke = useRevokeInvite(teamId);
  const open = useOpenInvites(teamId);
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

  const revokeLink = (inviteId: string) =>
    revoke.mutate(inviteId, {
      onSuccess: () => {
        if (invite?._id === inviteId) setInvite(null);
        showAlert({ type: 'Success', message: T.revoked });
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
            <Button color="error" disabled={revoke.isPending} onClick={() => revokeLink(invite._id)}>
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
      {open.data && (
        <section aria-labelledby={`open-links-${teamId}`}>
          <Typography id={`open-links-${teamId}`} variant="subtitle2" component="h3">
            {T.openLinks}
          </Typography>
          {open.data.length === 0 ? (
            <Typography color="text.secondary" variant="body2">
              {T.noOpenLinks}
            </Typography>
          ) : (
            <List dense disablePadding>
              {open.data.map((link) => {
                const by = link.createdBy?.name ?? null;
                const made = formatWhen(link.createdAt);
                return (
                  <ListItem
                    key={link._id}
                    disableGutters
                    sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}
                  >
                    <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {T.openLink(by, made, formatWhen(link.expiresAt))}
                    </Typography>
                    <Button
                      size="small"
                      color="error"
                      disabled={revoke.isPending}
                      aria-label={T.revokeOpenLink(by, made)}
                      onClick={() => revokeLink(link._id)}
                    >
                      {T.revoke}
                    </Button>
                  </ListItem>
                );
              })}
            </List>
          )}
        </section>
      )}
    </Stack>
  );
}
