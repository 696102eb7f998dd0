import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { MESSAGES, type CurrentUser, type UpdateUserBody } from '@scrim-gym/shared';
import { ErrorBanner } from '../../../components/profile-fields/ErrorBanner';
import { RankFields, RoleFields, SummonerFields } from '../../../components/profile-fields/ProfileFields';
import {
  profileBody,
  profileFormFromUser,
  validateProfile,
  type ProfileForm,
} from '../../../components/profile-fields/profile-form';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCurrentUser, useUpdateUser } from '../../auth/api/session';
import { CalendarSection } from '../components/CalendarSection';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { PushNotificationsSection } from '../components/PushNotificationsSection';
import { RiotAccountSection } from '../components/RiotAccountSection';

const ALL_FIELDS = ['name', 'summonerTagline', 'region', 'discord', 'rank'] as const;

/** Only what changed is sent, so an untouched name is never re-checked against a rename race. */
function changedFields(user: CurrentUser, form: ProfileForm): UpdateUserBody {
  const next = profileBody(form);
  const current = profileBody(profileFormFromUser(user));
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => current[key as keyof typeof current] !== value),
  ) as UpdateUserBody;
}

function SettingsForm({ user }: { user: CurrentUser }) {
  const [form, setForm] = useState(() => profileFormFromUser(user));
  const [adminKey, setAdminKey] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const updateUser = useUpdateUser();
  const showAlert = useAlert();
  const update = (patch: Partial<ProfileForm>) => setForm((current) => ({ ...current, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateProfile(form, ALL_FIELDS);
    setErrors(problems);
    if (problems.length > 0 || updateUser.isPending) return;
    const body: UpdateUserBody = {
      ...changedFields(user, form),
      ...(adminKey.trim() && { adminKey: adminKey.trim() }),
    };
    updateUser.mutate(body, {
      onSuccess: ({ user: updated }) => {
        setAdminKey('');
        setForm(profileFormFromUser(updated));
        showAlert({ type: 'Success', message: MESSAGES.accountUpdated });
      },
      onError: (error) => showAlert({ type: 'Error', message: messageOf(error) }),
    });
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: { xs: 2.5, sm: 4 } }}
      aria-labelledby="settings-title"
    >
      <Typography id="settings-title" variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <Stack spacing={2.5}>
        <ErrorBanner errors={errors} />
        <SummonerFields form={form} onChange={update} ownRegion={user.region} riotLocked={user.verified} />
        <RankFields form={form} onChange={update} riotLocked={user.verified} />
        <RoleFields form={form} onChange={update} />
        <TextField
          label="Admin Key"
          type="password"
          autoComplete="off"
          value={adminKey}
          onChange={(e) => setAdminKey(e.target.value)}
          helperText={user.isAdmin ? 'You are an admin.' : 'Only for community admins.'}
        />
        <FormControlLabel
          control={
            <Switch
              checked={form.canSendEmailsToUser}
              onChange={(e) => update({ canSendEmailsToUser: e.target.checked })}
            />
          }
          label="Scrim Gym may send me emails about scrims and events"
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={updateUser.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * Account settings: name, tagline, discord, region, admin key, rank, preferred roles and email consent; the Riot
 * account link; this device's notifications (Web Push); the calendar feed; then deleting the account (the privacy
 * policy promises it).
 */
export function SettingsPage() {
  const { user } = useCurrentUser();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      {/* Anew when Riot changes what the form shows (a link, refresh or unlink): a stale locked name is not sent. */}
      {user && (
        <SettingsForm
          key={`${user._id}|${user.name}|${user.summonerTagline}|${user.rank}|${user.verified}`}
          user={user}
        />
      )}
      {user && <RiotAccountSection user={user} />}
      {user && <PushNotificationsSection />}
      {user && <CalendarSection />}
      {user && <DeleteAccountSection user={user} />}
    </Container>
  );
}
