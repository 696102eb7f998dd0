import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import {
  BOARD_TEXTS as T,
  createScrimPostBodySchema,
  DRAFT_TEXTS,
  RANK_LADDER,
  SCRIM_NOTE_MAX,
  SERIES_FORMATS,
  type DraftMode,
  type SeriesFormat,
  type TeamView,
} from '@scrim-gym/shared';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { ApiError, messageOf } from '../../../lib/api';
import { zoneName } from '../../../lib/datetime';
import { useAlert } from '../../alerts/alert-context';
import { useCreatePost } from '../api/board';
import { localInstant } from '../lib/board-view';

type Field = 'teamId' | 'startsAt' | 'format' | 'draft' | 'rankMin' | 'rankMax' | 'note';
type Errors = Partial<Record<Field, string>>;

/** The first error per field of a zod issue list or of the server's `details` (same paths: the same schema). */
function errorsOf(issues: ReadonlyArray<{ path: string | PropertyKey[]; message: string }>): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const field = (Array.isArray(issue.path) ? issue.path[0] : issue.path.split('.')[0]) as Field;
    found[field] ??= issue.message;
  }
  return found;
}

/**
 * A captain's scrim post: which of their teams (its region is the post's), when in the viewer's time zone, the
 * format, fearless or not, the series' draft room (a fearless series drafts fearless: ticking Fearless with a draft room
 * chosen makes it the fearless draft, unticking it the tournament draft), the ranks wanted, a note, and whether the region's Discord channel is told (offered
 * always: the page does not know which regions have a channel, and a region without one just posts nothing). Checked with the server's schema before it is sent; the
 * server's refusals (a start too soon, a budget spent) show in the dialog.
 */
export function PostDialog({ teams, open, onClose }: { teams: TeamView[]; open: boolean; onClose: () => void }) {
  const id = useId();
  const [values, setValues] = useState({
    teamId: teams[0]?._id ?? '',
    date: '',
    time: '',
    format: 'bo3' as SeriesFormat,
    fearless: false,
    draft: 'none' as DraftMode,
    announce: false,
    rankMin: '',
    rankMax: '',
    note: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreatePost();
  const showAlert = useAlert();
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const team = teams.find((t) => t._id === values.teamId);
  const serverError = create.error instanceof ApiError ? create.error : null;
  const shown: Errors = { ...errorsOf(serverError?.body.details ?? []), ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = localInstant(values.date, values.time);
    const parsed = createScrimPostBodySchema.safeParse({
      teamId: values.teamId,
      region: team?.region,
      startsAt,
      format: values.format,
      fearless: values.fearless,
      draft: values.draft,
      rankMin: values.rankMin || undefined,
      rankMax: values.rankMax || undefined,
      note: values.note.trim() || undefined,
      announce: values.announce,
    });
    if (!startsAt || !parsed.success) {
      setErrors({
        ...(parsed.success ? {} : errorsOf(parsed.error.issues)),
        ...(startsAt ? {} : { startsAt: T.startRequired }),
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        showAlert({ type: 'Success', message: T.posted });
        onClose();
      },
    });
  };

  const rankSelect = (field: 'rankMin' | 'rankMax', label: string) => (
    <TextField
      select
      label={label}
      value={values[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      error={Boolean(shown[field])}
      helperText={shown[field]}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{T.anyRank}</MenuItem>
      {RANK_LADDER.map((rank) => (
        <MenuItem key={rank} value={rank}>
          {rank}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
          {T.postTitle}
        </DialogTitle>
        <DialogCloseButton onClose={onClose} />
        <DialogContent>
          {serverError && !serverError.body.details?.length && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {messageOf(serverError, T.failedAction)}
            </Alert>
          )}
          {create.isError && !serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {T.failedAction}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
            <TextField
              select
              label={T.team}
              value={values.teamId}
              onChange={(e) => set({ teamId: e.target.value })}
              error={Boolean(shown.teamId)}
              helperText={shown.teamId ?? (team ? T.postRegion(team.region) : undefined)}
              sx={{ gridColumn: '1 / -1' }}
            >
              {teams.map((t) => (
                <MenuItem key={t._id} value={t._id}>
                  {t.name} [{t.tag}]
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={T.date}
              value={values.date}
              onChange={(e) => set({ date: e.target.value })}
              required
              error={Boolean(shown.startsAt)}
              helperText={shown.startsAt ?? T.timeZone(zoneName(Date.now()))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="time"
              label={T.time}
              value={values.time}
              onChange={(e) => set({ time: e.target.value })}
              required
              error={Boolean(shown.startsAt)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            />
            <TextField
              select
              label={T.format}
              value={values.format}
              onChange={(e) => set({ format: e.target.value as SeriesFormat })}
              error={Boolean(shown.format)}
              helperText={shown.format}
            >
              {SERIES_FORMATS.map((format) => (
                <MenuItem key={format} value={format}>
                  {T.formats[format]}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.fearless}
                    onChange={(e) => {
                      const fearless = e.target.checked;
                      set({
                        fearless,
                        draft: values.draft === 'none' ? 'none' : fearless ? 'fearless' : 'tournament',
                      });
                    }}
                  />
                }
                label={T.fearless}
              />
              <FormHelperText sx={{ mt: 0 }}>{T.fearlessHelp}</FormHelperText>
            </Box>
            <TextField
              select
              label={DRAFT_TEXTS.formDraftRoom}
              value={values.draft}
              onChange={(e) => set({ draft: e.target.value as DraftMode })}
              error={Boolean(shown.draft)}
              helperText={shown.draft ?? (values.fearless ? undefined : DRAFT_TEXTS.fearlessDraftNeedsFearless)}
              sx={{ gridColumn: '1 / -1' }}
            >
              {(['none', values.fearless ? 'fearless' : 'tournament'] as const).map((draft) => (
                <MenuItem key={draft} value={draft}>
                  {DRAFT_TEXTS.modes[draft]}
                </MenuItem>
              ))}
            </TextField>
            {rankSelect('rankMin', T.rankMin)}
            {rankSelect('rankMax', T.rankMax)}
            <TextField
              label={T.note}
              value={values.note}
              onChange={(e) => set({ note: e.target.value })}
              multiline
              minRows={2}
              error={Boolean(shown.note)}
              helperText={shown.note ?? T.noteHelp(SCRIM_NOTE_MAX)}
              slotProps={{ htmlInput: { maxLength: SCRIM_NOTE_MAX } }}
              sx={{ gridColumn: '1 / -1' }}
            />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormControlLabel
                control={<Checkbox checked={values.announce} onChange={(e) => set({ announce: e.target.checked })} />}
                label={T.announce}
              />
              <FormHelperText sx={{ mt: 0 }}>{T.announceHelp}</FormHelperText>
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {T.submitPost}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
