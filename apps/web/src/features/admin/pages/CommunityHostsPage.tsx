import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { ADMIN_TEXTS as T, type CommunityHost, type Region, type UserSearchResult } from '@scrim-gym/shared';
import { useConfirm } from '../../../components/ConfirmDialog';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { useCommunityHosts, useGrantHost, useRevokeHost } from '../api/hosts';
import { HostGrantForm } from '../components/hosts/HostGrantForm';
import { HostList } from '../components/hosts/HostList';
import { dashboardTheme } from '../theme';

/** /admin/hosts: make a player the community host of a region, list the hosts, revoke a region or all. */
export function CommunityHostsPage() {
  const hosts = useCommunityHosts();
  const grant = useGrantHost();
  const revoke = useRevokeHost();
  const showAlert = useAlert();
  const [confirm, confirmDialog] = useConfirm();

  const onGrant = (user: UserSearchResult, region: Region) =>
    grant.mutate(
      { userId: user._id, region },
      {
        onSuccess: () => showAlert({ type: 'Success', message: T.hostGranted(user.name, region) }),
        onError: (error) => showAlert({ type: 'Error', message: messageOf(error, T.hostError) }),
      },
    );

  const onRevoke = async (host: CommunityHost, region?: Region) => {
    const regions = region ?? host.regions.join(', ');
    const confirmLabel = region ? T.revokeRegion(region) : T.revokeAll;
    if (!(await confirm({ title: T.confirmRevoke(host.user.name, regions), confirmLabel, destructive: true }))) return;
    revoke.mutate(
      { userId: host.user._id, region },
      {
        onSuccess: () => showAlert({ type: 'Success', message: T.hostRevoked(host.user.name, regions) }),
        onError: (error) => showAlert({ type: 'Error', message: messageOf(error, T.hostError) }),
      },
    );
  };

  return (
    <ThemeProvider theme={dashboardTheme}>
      <Box>
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 3 }}>
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
              {T.communityHosts}
            </Typography>
            <Typography color="text.secondary">{T.hostsIntro}</Typography>
          </Box>
          <HostGrantForm onGrant={onGrant} granting={grant.isPending} />
          {hosts.isPending ? (
            <LoadingScreen text={T.loadingData} />
          ) : hosts.isError ? (
            <Typography role="alert" color="error">
              {T.hostsLoadFailed}
            </Typography>
          ) : (
            <HostList
              hosts={hosts.data}
              onRevoke={(host, region) => void onRevoke(host, region)}
              busy={revoke.isPending}
            />
          )}
        </Container>
        {confirmDialog}
      </Box>
    </ThemeProvider>
  );
}
