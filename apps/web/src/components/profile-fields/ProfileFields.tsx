import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DISCORD_MAX,
  MESSAGES,
  RANK_DIVISIONS,
  RANK_NUMBERS,
  RIOT_LINK_MESSAGES,
  ROLE_PREFERENCES,
  SUMMONER_NAME_MAX,
  TAGLINE_MAX,
  hasRankNumber,
  sanitizeSummonerNameInput,
  sanitizeTaglineInput,
  type RankDivision,
  type RankNumber,
  type Region,
  type RolePreference,
} from '@scrim-gym/shared';
import { RegionSelect } from '../RegionSelect';
import type { FieldErrors, ProfileForm } from './profile-form';

interface FieldsProps {
  form: ProfileForm;
  onChange: (patch: Partial<ProfileForm>) => void;
  /** Fields in error: marked (aria-invalid) with their message as helper text. */
  errors?: FieldErrors;
}

/** A field in error is marked and says why, above its own hint (the form's hint never goes away). */
const marked = (message: string | undefined, hint?: string) => ({
  error: Boolean(message),
  helperText:
    message && hint ? (
      <>
        <span style={{ display: 'block' }}>{message}</span>
        <span style={{ display: 'block' }}>{hint}</span>
      </>
    ) : (
      (message ?? hint)
    ),
});

/**
 * Summoner name, tagline, region and discord, with their keystroke rules (letters, digits, spaces; no '#').
 * `riotLocked`: a linked Riot account owns the name and tagline (read-only, they follow Riot).
 */
export function SummonerFields({
  form,
  onChange,
  ownRegion,
  errors = {},
  riotLocked = false,
  nameHint,
}: FieldsProps & {
  ownRegion?: Region;
  riotLocked?: boolean;
  /** What the server says of the name as it is typed ('Checking…', 'Available'); a clash comes as an error. */
  nameHint?: { text: string; tone: 'info' | 'success' };
}) {
  return (
    <Stack spacing={2}>
      <TextField
        id="profile-name"
        label="Summoner Name"
        value={form.name}
        required
        autoFocus={!riotLocked}
        disabled={riotLocked}
        {...marked(errors.name, riotLocked ? RIOT_ID_LOCKED : errors.name ? undefined : nameHint?.text)}
        slotProps={{
          htmlInput: { maxLength: SUMMONER_NAME_MAX, autoComplete: 'nickname' },
          formHelperText: {
            'aria-live': 'polite',
            sx: !errors.name && nameHint?.tone === 'success' ? { color: 'success.main' } : undefined,
          },
        }}
        onChange={(e) => onChange({ name: sanitizeSummonerNameInput(e.target.value) })}
      />
      <TextField
        id="profile-tagline"
        label="Tagline"
        value={form.summonerTagline}
        required
        disabled={riotLocked}
        {...marked(errors.summonerTagline, riotLocked ? RIOT_ID_LOCKED : MESSAGES.taglineHelper)}
        slotProps={{ htmlInput: { maxLength: TAGLINE_MAX } }}
        onChange={(e) => onChange({ summonerTagline: sanitizeTaglineInput(e.target.value, TAGLINE_MAX) })}
      />
      <RegionSelect
        id="profile-region"
        value={form.region}
        required
        {...marked(errors.region)}
        ownRegion={ownRegion}
        onChange={(region) => onChange({ region })}
      />
      <TextField
        id="profile-discord"
        label="Discord"
        value={form.discord}
        required
        {...marked(errors.discord, 'Your Discord username, so teammates can reach you')}
        slotProps={{ htmlInput: { maxLength: DISCORD_MAX } }}
        onChange={(e) => onChange({ discord: e.target.value })}
      />
    </Stack>
  );
}

/** The hint of a field a linked Riot account owns. */
const RIOT_ID_LOCKED = 'From your linked Riot account';

/** Rank division, plus the number 4..1 for Iron through Diamond; `riotLocked`: Riot's rank, read-only. */
export function RankFields({
  form,
  onChange,
  errors = {},
  riotLocked = false,
}: FieldsProps & { riotLocked?: boolean }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        id="profile-rank"
        select
        label="Rank"
        value={form.division}
        required
        disabled={riotLocked}
        {...marked(errors.rank, riotLocked ? RIOT_LINK_MESSAGES.rankFromRiot : undefined)}
        sx={{ flex: 2 }}
        onChange={(e) => onChange({ division: e.target.value as RankDivision })}
      >
        {RANK_DIVISIONS.map((division) => (
          <MenuItem key={division} value={division}>
            {division}
          </MenuItem>
        ))}
      </TextField>
      {hasRankNumber(form.division) && (
        <TextField
          id="profile-rank-number"
          select
          label="Rank Number"
          value={form.rankNumber}
          required
          disabled={riotLocked}
          sx={{ flex: 1 }}
          onChange={(e) => onChange({ rankNumber: Number(e.target.value) as RankNumber })}
        >
          {RANK_NUMBERS.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

/** The preferred roles: a primary and a secondary one (or Fill); a balanced scrim's sign-up starts from them. */
export function RoleFields({ form, onChange }: FieldsProps) {
  const select = (id: string, label: string, value: RolePreference, key: 'primaryRole' | 'secondaryRole') => (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      sx={{ flex: 1 }}
      onChange={(e) => onChange({ [key]: e.target.value as RolePreference })}
    >
      {ROLE_PREFERENCES.map((role) => (
        <MenuItem key={role} value={role}>
          {role}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {select('profile-primary-role', RIOT_LINK_MESSAGES.primaryRole, form.primaryRole, 'primaryRole')}
      {select('profile-secondary-role', RIOT_LINK_MESSAGES.secondaryRole, form.secondaryRole, 'secondaryRole')}
    </Stack>
  );
}
