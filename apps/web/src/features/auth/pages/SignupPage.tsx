import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { BREAKPOINTS, MESSAGES, formatRank } from '@scrim-gym/shared';
import { ErrorBanner } from '../../../components/profile-fields/ErrorBanner';
import { RankFields, RoleFields, SummonerFields } from '../../../components/profile-fields/ProfileFields';
import {
  emptyProfileForm,
  fieldErrors,
  profileBody,
  type FieldErrors,
  profileProblems,
  type ProfileField,
  type ProfileForm,
} from '../../../components/profile-fields/profile-form';
import { ApiError, messageOf } from '../../../lib/api';
import { useMinWidth } from '../../../lib/use-min-width';
import { useAlert } from '../../alerts/alert-context';
import { startProviderSignIn, useAuthProviders, useCurrentUser, useDevLogin, useRegister } from '../api/session';
import { useNameAvailability } from '../hooks/useNameAvailability';

const STEPS = ['Summoner profile', 'Rank and roles', 'Verify and sign up'] as const;
/** One word each below 600 px, where three full labels side by side run into each other. */
const SHORT_STEPS = ['Profile', 'Rank', 'Verify'] as const;
const STEP_FIELDS: ProfileField[][] = [['name', 'summonerTagline', 'region', 'discord'], ['rank'], []];
/** The wizard survives the round trip to an identity provider in this tab's storage. */
const SAVED_FORM_KEY = 'scrim-gym.signup-form';
/** The last step's refusals that belong to a field of the first step: shown on it, with the wizard back there. */
const FIELD_OF_CONFLICT: Partial<Record<string, ProfileField>> = { NAME_TAKEN: 'name', DISCORD_TAKEN: 'discord' };

function loadSavedForm(): ProfileForm | null {
  try {
    const saved = sessionStorage.getItem(SAVED_FORM_KEY);
    return saved ? { ...emptyProfileForm, ...(JSON.parse(saved) as Partial<ProfileForm>) } : null;
  } catch {
    return null;
  }
}

const isTyping = (element: Element | null) =>
  element instanceof HTMLElement &&
  (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));

/** The three-step sign-up wizard. */
export function SignupPage() {
  const [params] = useSearchParams();
  const resuming = params.get('resume') === '1';
  const [form, setForm] = useState<ProfileForm>(() => (resuming && loadSavedForm()) || emptyProfileForm);
  const [step, setStep] = useState(() => (resuming && loadSavedForm() ? 2 : 0));
  const wide = useMinWidth(BREAKPOINTS.sm, true);
  // After a Next that found problems, the step's fields are checked again as they change: a fixed field's
  // error goes at once, and the field in error stays marked.
  const [checking, setChecking] = useState(false);
  const [email, setEmail] = useState('');
  // Sign-up's refusal of a field, until that field changes; `unfinished`: the refusal came after the sign-in.
  const [conflicts, setConflicts] = useState<FieldErrors>({});
  const [unfinished, setUnfinished] = useState(false);
  const { user, session } = useCurrentUser();
  const identity = session.data?.identity ?? null;
  const providers = useAuthProviders();
  const register = useRegister();
  const devLogin = useDevLogin();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const submitting = register.isPending || devLogin.isPending;

  const nameCheck = useNameAvailability({ name: form.name, region: form.region, enabled: step === 0 });

  const update = (patch: Partial<ProfileForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setConflicts((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };

  const goBack = () => {
    setChecking(false);
    setStep((s) => Math.max(0, s - 1));
  };

  // Backspace goes back a step when no field has the focus.
  const goBackRef = useRef(goBack);
  goBackRef.current = goBack;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Backspace' && !isTyping(document.activeElement)) goBackRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const createAccount = () => {
    register.mutate(profileBody(form) as Parameters<typeof register.mutate>[0], {
      onSuccess: () => {
        sessionStorage.removeItem(SAVED_FORM_KEY);
        showAlert({ type: 'Success', message: MESSAGES.signupSuccess });
        navigate('/scrims');
      },
      onError: (error) => {
        const field = error instanceof ApiError && error.code ? FIELD_OF_CONFLICT[error.code] : undefined;
        if (!field) return showAlert({ type: 'Error', message: messageOf(error) });
        // Signed in without an account: never left on the last step with a toast, but taken to the field.
        setConflicts({ [field]: messageOf(error) });
        setUnfinished(true);
        setChecking(false);
        setStep(0);
      },
    });
  };

  const submit = () => {
    if (submitting) return;
    if (identity) return createAccount();
    if (providers.data?.devLogin) {
      return devLogin.mutate(email.trim(), {
        onSuccess: (state) => {
          if (state.user) {
            showAlert({ type: 'Info', message: MESSAGES.alreadyRegistered });
            navigate('/scrims');
          } else {
            createAccount();
          }
        },
        onError: (error) => showAlert({ type: 'Error', message: messageOf(error, MESSAGES.loginError) }),
      });
    }
  };

  const signUpWithProvider = (providerId: string) => {
    sessionStorage.setItem(SAVED_FORM_KEY, JSON.stringify(form));
    startProviderSignIn(providerId, '/signup?resume=1');
  };

  const nameClash = conflicts.name ?? (nameCheck.status === 'unavailable' ? nameCheck.message : undefined);
  const nameHint =
    nameCheck.status === 'checking'
      ? ({ text: MESSAGES.nameChecking, tone: 'info' } as const)
      : nameCheck.status === 'available'
        ? ({ text: MESSAGES.nameAvailable, tone: 'success' } as const)
        : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = profileProblems(form, STEP_FIELDS[step]!);
    setChecking(found.length > 0);
    if (found.length > 0) return;
    if (step === 0 && (nameClash || conflicts.discord)) return;
    if (step < STEPS.length - 1) setStep(step + 1);
    else submit();
  };

  if (user) return <Navigate to="/scrims" replace />;

  const problems = checking ? profileProblems(form, STEP_FIELDS[step]!) : [];
  const errors = { ...conflicts, ...(nameClash && { name: nameClash }), ...fieldErrors(problems) };

  const rank = formatRank({ division: form.division, number: form.rankNumber });
  const devLoginOnly = !identity && providers.data?.devLogin;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ p: { xs: 2.5, sm: 4 } }}
        aria-labelledby="signup-title"
      >
        <Typography id="signup-title" variant="h4" component="h1" gutterBottom>
          Sign Up
        </Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((label, i) => (
            <Step key={label}>
              <StepLabel aria-label={label} title={label}>
                {wide ? label : SHORT_STEPS[i]}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        <Stack spacing={2.5}>
          <ErrorBanner errors={problems.map((problem) => problem.message)} />
          {unfinished && step === 0 && <Alert severity="info">{MESSAGES.signupUnfinished}</Alert>}
          {step === 0 && <SummonerFields form={form} onChange={update} errors={errors} nameHint={nameHint} />}
          {step === 1 && (
            <Stack spacing={2.5}>
              <RankFields form={form} onChange={update} errors={errors} />
              <RoleFields form={form} onChange={update} />
            </Stack>
          )}
          {step === 2 && (
            <Stack spacing={2}>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
              >
                {[
                  ['Summoner Name', `${form.name} #${form.summonerTagline}`],
                  ['Region', form.region],
                  ['Discord', form.discord],
                  ['Rank', rank],
                  ['Roles', `${form.primaryRole} / ${form.secondaryRole}`],
                  ...(identity?.email ? [['Email', identity.email]] : []),
                ].map(([term, value]) => (
                  <Box key={term} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {term}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.canSendEmailsToUser}
                    onChange={(e) => update({ canSendEmailsToUser: e.target.checked })}
                  />
                }
                label="Scrim Gym may send me emails about scrims and events"
              />
              {devLoginOnly && (
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  helperText="Dev sign-in: no identity provider is configured on this server"
                />
              )}
              <Typography variant="body2" color="text.secondary">
                By signing up you accept the <RouterLink to="/terms-of-service">Terms of Service</RouterLink> and the{' '}
                <RouterLink to="/privacy-policy">Privacy Policy</RouterLink>. You must be at least 13 years old.
              </Typography>
            </Stack>
          )}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
            <Button onClick={goBack} disabled={step === 0 || submitting}>
              Previous
            </Button>
            {step < 2 && (
              <Button type="submit" variant="contained">
                Next
              </Button>
            )}
            {step === 2 && identity && (
              <Button type="submit" variant="contained" disabled={submitting}>
                Create my account
              </Button>
            )}
            {step === 2 && devLoginOnly && (
              <Button type="submit" variant="contained" disabled={submitting || !email.trim()}>
                Create my account with a dev account
              </Button>
            )}
            {step === 2 &&
              !identity &&
              providers.data?.providers.map((provider) => (
                <Button key={provider.id} variant="contained" onClick={() => signUpWithProvider(provider.id)}>
                  Create my account with {provider.label.toLowerCase()}
                </Button>
              ))}
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}
