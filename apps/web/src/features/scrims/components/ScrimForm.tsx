import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  DRAFT_TEXTS,
  DRAFT_TIMER_MAX_SECONDS,
  DRAFT_TIMER_MIN_SECONDS,
  MAX_CASTERS_CHOICES,
  MAX_CASTERS_DEFAULT,
  SCRIM_MODES,
  TEAMS,
  SCRIM_TEXTS,
  type DraftMode,
  type Region,
  type ScrimMode,
  type TeamName,
} from '@scrim-gym/shared';
import { RegionSelect } from '../../../components/RegionSelect';
import { validateScrimForm, type ScrimFormErrors, type ScrimFormMode, type ScrimFormValues } from '../lib/scrim-form';

/** A pick-up scrim drafts in the tournament order or not at all; fearless is a series' own. */
const PICK_UP_DRAFT_MODES = ['none', 'tournament'] as const satisfies readonly DraftMode[];

export interface ScrimFormProps {
  mode: ScrimFormMode;
  initial: ScrimFormValues;
  ownRegion?: Region;
  /** The regions offered: a community host's own; every region when absent. */
  regions?: readonly Region[];
  hostOptions: { value: string; label: string }[];
  submitting: boolean;
  onSubmit: (values: ScrimFormValues) => void;
  /** Edit: the tournament code toggle was turned on. */
  onTournamentCodeOn?: () => void;
  /** Edit: Delete Scrim. */
  extraActions?: ReactNode;
  /** Whether this server makes tournament codes; without (no Riot API key) the switch says so. */
  tournamentCodes?: boolean;
  /** Edit: someone is in the scrim, so its team making stays as it is. */
  modeLocked?: boolean;
  /** Edit: the winner field, for admins (a community host reports the winner on the scrim page instead). */
  winnerEditable?: boolean;
  /** The draft settings: a series game's draft is its series', set on the board. */
  draftEditable?: boolean;
}

/** The one form of the create and edit screens. */
export function ScrimForm({
  mode,
  initial,
  ownRegion,
  regions,
  hostOptions,
  submitting,
  onSubmit,
  onTournamentCodeOn,
  extraActions,
  tournamentCodes = true,
  modeLocked = false,
  winnerEditable = false,
  draftEditable = true,
}: ScrimFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ScrimFormErrors>({});
  const edit = mode === 'edit';
  const set = (patch: Partial<ScrimFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const text = (field: 'title' | 'lobbyName' | 'lobbyPassword' | 'date' | 'time' | 'draftTimerSeconds') => ({
    id: `scrim-${field}`,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set({ [field]: e.target.value }),
    error: Boolean(errors[field]),
    helperText: errors[field],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateScrimForm(mode, values);
    setErrors(problems);
    if (Object.keys(problems).length === 0 && !submitting) onSubmit(values);
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="scrim-form-title"
      sx={{ p: { xs: 2.5, sm: 4 } }}
    >
      <Typography id="scrim-form-title" variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        {edit ? SCRIM_TEXTS.editTitle : SCRIM_TEXTS.createTitle}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
        <TextField
          {...text('title')}
          label={SCRIM_TEXTS.title}
          required
          autoFocus={!edit}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          {...text('date')}
          type="date"
          label={SCRIM_TEXTS.startDate}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...text('time')}
          type="time"
          label={SCRIM_TEXTS.startTime}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        />
        <RegionSelect
          id="scrim-region"
          value={values.region}
          ownRegion={ownRegion}
          regions={regions}
          onChange={(region) => set({ region })}
        />
        <TextField
          select
          id="scrim-host"
          label={SCRIM_TEXTS.lobbyHost}
          value={values.lobbyHost}
          onChange={(e) => set({ lobbyHost: e.target.value })}
        >
          {hostOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="scrim-mode"
          label={SCRIM_TEXTS.mode}
          value={values.mode}
          disabled={modeLocked}
          helperText={modeLocked ? SCRIM_TEXTS.modeLocked : SCRIM_TEXTS.modeHelper[values.mode]}
          onChange={(e) => set({ mode: e.target.value as ScrimMode })}
        >
          {SCRIM_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {SCRIM_TEXTS.modes[mode]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...text('lobbyName')}
          label={SCRIM_TEXTS.lobbyName}
          helperText={errors.lobbyName ?? SCRIM_TEXTS.lobbyNameHelper}
        />
        {edit && <TextField {...text('lobbyPassword')} label={SCRIM_TEXTS.lobbyPassword} required />}
        {draftEditable && (
          <TextField
            select
            id="scrim-draft"
            label={DRAFT_TEXTS.formDraft}
            value={values.draft}
            error={Boolean(errors.draft)}
            helperText={errors.draft}
            onChange={(e) => set({ draft: e.target.value as DraftMode })}
          >
            {PICK_UP_DRAFT_MODES.map((draft) => (
              <MenuItem key={draft} value={draft}>
                {DRAFT_TEXTS.modes[draft]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {draftEditable && values.draft !== 'none' && (
          <TextField
            {...text('draftTimerSeconds')}
            type="number"
            label={DRAFT_TEXTS.formTimer}
            helperText={errors.draftTimerSeconds ?? DRAFT_TEXTS.formTimerHelper}
            slotProps={{ htmlInput: { min: DRAFT_TIMER_MIN_SECONDS, max: DRAFT_TIMER_MAX_SECONDS, step: 1 } }}
          />
        )}
        {edit && winnerEditable && (
          <TextField
            select
            id="scrim-winner"
            label={SCRIM_TEXTS.winner}
            value={values.teamWon}
            onChange={(e) => set({ teamWon: e.target.value as TeamName | '' })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{SCRIM_TEXTS.winnerNone}</MenuItem>
            {TEAMS.map((team) => (
              <MenuItem key={team} value={team}>
                {team}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <Box sx={{ display: 'grid', justifyItems: 'start', gap: 1, mt: 2.5 }}>
        <FormControlLabel
          control={<Switch checked={values.isPrivate} onChange={(e) => set({ isPrivate: e.target.checked })} />}
          label={SCRIM_TEXTS.isPrivate}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Switch
                checked={values.isWithCasters}
                // Turning casters on sets the max to 2 (off sends 0).
                onChange={(e) => set({ isWithCasters: e.target.checked, maxCastersAllowedCount: MAX_CASTERS_DEFAULT })}
              />
            }
            label={SCRIM_TEXTS.withCasters}
          />
          {values.isWithCasters && (
            <TextField
              select
              size="small"
              id="scrim-max-casters"
              label={SCRIM_TEXTS.maxCasters}
              value={values.maxCastersAllowedCount}
              onChange={(e) => set({ maxCastersAllowedCount: Number(e.target.value) as 1 | 2 })}
              sx={{ minWidth: 140 }}
            >
              {MAX_CASTERS_CHOICES.map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.useTournamentCode}
              onChange={(e) => {
                set({ useTournamentCode: e.target.checked });
                if (e.target.checked) onTournamentCodeOn?.();
              }}
            />
          }
          label={SCRIM_TEXTS.useTournamentCode}
        />
        <FormControlLabel
          control={
            <Switch checked={values.checkInEnabled} onChange={(e) => set({ checkInEnabled: e.target.checked })} />
          }
          label={SCRIM_TEXTS.checkInEnabled}
        />
        {!tournamentCodes && (
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            {SCRIM_TEXTS.tournamentCodesUnavailable}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'flex-end', mt: 3 }}>
        {extraActions}
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {edit ? SCRIM_TEXTS.saveChanges : SCRIM_TEXTS.createSubmit}
        </Button>
      </Box>
    </Paper>
  );
}
