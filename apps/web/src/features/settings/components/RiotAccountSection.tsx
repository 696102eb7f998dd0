import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import {
  RIOT_LINK_MESSAGES as TEXTS,
  RIOT_LINK_PARAM,
  riotLinkOutcomeMessage,
  type CurrentUser,
} from '@scrim-gym/shared';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useAuthProviders } from '../../auth/api/session';
import { RIOT_LINK_START_URL, useRefreshRiotRank, useUnlinkRiot } from '../api/riot-link';

/**
 * The link's outcome comes back as ?riotLink=<outcome> and is shown once, as the app's own message for it (the
 * URL's text is never shown).
 */
function useLinkOutcomeAlert() {
  const [params, setParams] = useSearchParams();
  const showAlert = useAlert();
  const outcome = params.get(RIOT_LINK_PARAM);
  useEffect(() => {
    if (outcome === null) return;
    const message = riotLinkOutcomeMessage(outcome);
    if (message) showAlert({ type: outcome === 'linked' ? 'Success' : 'Error', message });
    setParams(
      (p) => {
        p.delete(RIOT_LINK_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [outcome, showAlert, setParams]);
}

/**
 * Settings' Riot account: "Link your Riot account" (Riot Sign On) or, once linked, the Riot ID with the verified
 * badge, the rank from Riot, "Refresh rank" and "Unlink".
 */
export function RiotAccountSection({ user }: { user: CurrentUser }) {
  useLinkOutcomeAlert();
  const id = useId();
  const { data: providers } = useAuthProviders();
  const refresh = useRefreshRiotRank();
  const unlink = useUnlinkRiot();
  const showAlert = useAlert();
  const rsoConfigured = providers?.providers.some((p) => p.id === 'riot') ?? false;
  const busy = refresh.isPending || unlink.isPending;
  const onError = (error: unknown) => showAlert({ type: 'Error', message: messageOf(error) });

  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }}>
      <Typography id={`${id}-title`} variant="h5" component="h2" gutterBottom>
        {TEXTS.sectionTitle}
      </Typography>
      {user.riotAccount ? (
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
            <Typography component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {user.name}
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                #{user.summonerTagline}
              </Box>
            </Typography>
            <VerifiedBadge />
            <Typography variant="body2" color="info.main">
              {TEXTS.verifiedBadge}
            </Typography>
          </Box>
          <Typography>
            {TEXTS.rankFromRiot}: <strong>{user.rankSource === 'riot' ? user.rank : '—'}</strong>
            {user.riotAccount.rankRefreshedAt && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                ({new Date(user.riotAccount.rankRefreshedAt).toLocaleString()})
              </Typography>
            )}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() =>
                refresh.mutate(undefined, {
                  onSuccess: () => showAlert({ type: 'Success', message: TEXTS.refreshed }),
                  onError,
                })
              }
            >
              {TEXTS.refreshButton}
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() =>
                unlink.mutate(undefined, {
                  onSuccess: () => showAlert({ type: 'Success', message: TEXTS.unlinked }),
                  onError,
                })
              }
            >
              {TEXTS.unlinkButton}
            </Button>
          </Stack>
        </Stack>
      ) : (
        // A plain form post: the browser follows the server's 303 to Riot Sign On and comes back to Settings.
        <Stack component="form" method="post" action={RIOT_LINK_START_URL} spacing={2}>
          <Typography color="text.secondary">{TEXTS.linkHelp}</Typography>
          <Typography variant="body2" color="text.secondary">
            {TEXTS.rank}: {user.rank} ({TEXTS.selfReported})
          </Typography>
          <Box>
            <Button type="submit" variant="contained" disabled={!rsoConfigured}>
              {TEXTS.linkButton}
            </Button>
          </Box>
          {providers && !rsoConfigured && (
            <Typography variant="body2" color="text.secondary">
              {TEXTS.notConfigured}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
