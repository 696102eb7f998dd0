import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { ADMIN_MESSAGES, PROFILE_TEXTS, type UserProfile } from '@scrim-gym/shared';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useBanUser } from '../api/profile';
import { banFormErrors, banInstants, defaultBanForm, type BanForm } from '../lib/ban-form';

/** The ban form: Date From today, Date To tomorrow and after Date From, a reason of up to 5 rows. */
export function BanDialog({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const titleId = useId();
  const [form, setForm] = useState<BanForm>(() => defaultBanForm());
  const [touched, setTouched] = useState(false);
  const ban = useBanUser();
  const showAlert = useAlert();
  const errors = touched ? banFormErrors(form) : {};
  const update = (patch: Partial<BanForm>) => setForm((current) => ({ ...current, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(banFormErrors(form)).length > 0 || ban.isPending) return;
    ban.mutate(
      { banUserId: profile._id, reason: form.reason.trim(), ...banInstants(form) },
      {
        onSuccess: () => {
          showAlert({ type: 'Success', message: ADMIN_MESSAGES.userBanned });
          onClose();
        },
        onError: (error) => showAlert({ type: 'Error', message: messageOf(error) }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{PROFILE_TEXTS.banDialogTitle(profile.name)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={PROFILE_TEXTS.dateFrom}
              type="date"
              value={form.dateFrom}
              onChange={(e) => update({ dateFrom: e.target.value })}
              error={Boolean(errors.dateFrom)}
              helperText={errors.dateFrom}
              slotProps={{ inputLabel: { shrink: true } }}
              required
            />
            <TextField
              label={PROFILE_TEXTS.dateTo}
              type="date"
              value={form.dateTo}
              onChange={(e) => update({ dateTo: e.target.value })}
              error={Boolean(errors.dateTo)}
              helperText={errors.dateTo}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: form.dateFrom } }}
              required
            />
            <TextField
              label={PROFILE_TEXTS.reason}
              multiline
              minRows={2}
              maxRows={5}
              value={form.reason}
              onChange={(e) => update({ reason: e.target.value })}
              error={Boolean(errors.reason)}
              helperText={errors.reason}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{PROFILE_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" color="error" disabled={ban.isPending}>
            {PROFILE_TEXTS.ban}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
