import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ADMIN_TEXTS as T, type CommunityHost, type Region } from '@scrim-gym/shared';
import { profilePath } from '../../../../lib/profile-link';
import { Panel } from '../dashboard/Panel';

/** Each host (name#tag, a link to the profile) with a chip per region (its × revokes it) and "Revoke all". */
export function HostList({
  hosts,
  onRevoke,
  busy,
}: {
  hosts: CommunityHost[];
  onRevoke: (host: CommunityHost, region?: Region) => void;
  busy: boolean;
}) {
  return (
    <Panel title={T.currentHosts}>
      {hosts.length === 0 ? (
        <Typography color="text.secondary">{T.noHosts}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {hosts.map((host) => (
            <Box
              component="li"
              key={host.user._id}
              aria-label={host.user.name}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            >
              <Link
                component={RouterLink}
                to={profilePath(host.user)}
                underline="hover"
                sx={{ fontWeight: 700, color: 'text.primary', minWidth: 0, flexGrow: 1 }}
              >
                {host.user.name}
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  #{host.user.summonerTagline}
                </Box>
              </Link>
              {host.regions.map((region) => (
                <Box key={region} sx={{ display: 'inline-flex', alignItems: 'center' }}>
                  <Chip label={region} color="secondary" variant="outlined" size="small" />
                  <IconButton
                    size="small"
                    aria-label={T.revokeRegion(region)}
                    title={T.revokeRegion(region)}
                    disabled={busy}
                    onClick={() => onRevoke(host, region)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
              <Button size="small" color="error" disabled={busy} onClick={() => onRevoke(host)}>
                {T.revokeAll}
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
}
