import CloudIcon from '@mui/icons-material/Cloud';
import EmailIcon from '@mui/icons-material/Email';
import HubIcon from '@mui/icons-material/Hub';
import LanIcon from '@mui/icons-material/Lan';
import StorageIcon from '@mui/icons-material/Storage';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ADMIN_TEXTS as T, type ServiceStatus, type SystemStatus } from '@scrim-gym/shared';
import { Panel } from './Panel';

const COLORS: Record<ServiceStatus, ChipProps['color']> = {
  operational: 'success',
  warning: 'warning',
  error: 'error',
  inactive: 'default',
  unknown: 'default',
};

function ServiceRow({
  icon,
  name,
  status,
  detail,
}: {
  icon: ReactNode;
  name: string;
  status: ServiceStatus;
  detail?: string;
}) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
      <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
        {icon}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        )}
      </Box>
      <Chip size="small" color={COLORS[status]} label={T.serviceStatus[status]} />
    </Box>
  );
}

/**
 * System Status: Database (latency), WebSocket Server (connections), Riot API, Email Service; and Redis,
 * which links the instances, when the server reports it.
 */
export function SystemStatusPanel({ status, loading }: { status: SystemStatus | null | undefined; loading: boolean }) {
  const services = status?.services;
  return (
    <Panel title={T.systemStatus}>
      {loading ? (
        <LinearProgress aria-label={T.systemStatus} />
      ) : !services ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {T.serverStatusMissing}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <ServiceRow
            icon={<StorageIcon />}
            name={T.services.database}
            status={services.database.status}
            detail={services.database.latency === null ? undefined : T.latency(services.database.latency)}
          />
          <ServiceRow
            icon={<HubIcon />}
            name={T.services.websocket}
            status={services.websocket.status}
            detail={services.websocket.connections === null ? undefined : T.connections(services.websocket.connections)}
          />
          <ServiceRow icon={<CloudIcon />} name={T.services.riotApi} status={services.riotApi.status} />
          <ServiceRow icon={<EmailIcon />} name={T.services.emailService} status={services.emailService.status} />
          {services.redis && <ServiceRow icon={<LanIcon />} name={T.services.redis} status={services.redis.status} />}
        </Box>
      )}
    </Panel>
  );
}
