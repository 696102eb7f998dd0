import { formatListDate } from '../../../../lib/datetime';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ADMIN_TEXTS as T, type Activity, type ActivityStatus, type Region } from '@scrim-gym/shared';
import { profilePath } from '../../../../lib/profile-link';
import { Panel } from './Panel';

const STATUS_COLORS: Record<ActivityStatus, ChipProps['color']> = {
  active: 'info',
  completed: 'success',
  banned: 'error',
  lifted: 'warning',
  new: 'secondary',
  updated: 'default',
  deleted: 'default',
  refused: 'error',
  abandoned: 'default',
  pending: 'warning',
  disputed: 'warning',
};

function iconOf(activity: Activity): ReactNode {
  if (activity.type === 'ban') return activity.status === 'lifted' ? <LockOpenIcon /> : <BlockIcon />;
  if (activity.status === 'refused') return <KeyOffIcon />;
  if (activity.status === 'updated' || activity.status === 'deleted') return <EditIcon />;
  return activity.type === 'user' ? <PersonAddIcon /> : <SportsEsportsIcon />;
}

/**
 * Where an entry leads: a scrim to /scrims/:id, a user or a ban to the user's profile (with its
 * region); nowhere for a deleted scrim.
 */
export function activityLink(activity: Activity): string | null {
  const { scrimId, userName, region, summonerTagline } = activity.details;
  if (activity.type === 'scrim') return scrimId && activity.status !== 'deleted' ? `/scrims/${scrimId}` : null;
  return userName && region ? profilePath({ name: userName, region: region as Region, summonerTagline }) : null;
}

function ActivityRow({ activity }: { activity: Activity }) {
  const link = activityLink(activity);
  const { region, rank } = activity.details;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>{iconOf(activity)}</ListItemIcon>
      <ListItemText
        primary={activity.description}
        secondary={
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.5 }}>
            <Typography component="span" variant="caption" color="text.secondary">
              {formatListDate(activity.timestamp)}
            </Typography>
            {region && <Chip component="span" size="small" variant="outlined" label={region} />}
            {rank && <Chip component="span" size="small" variant="outlined" label={rank} />}
            <Chip
              component="span"
              size="small"
              color={STATUS_COLORS[activity.status]}
              label={T.activityStatus[activity.status]}
            />
          </Box>
        }
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </>
  );
  return (
    <ListItem disablePadding divider>
      {link ? (
        <ListItemButton component={RouterLink} to={link} sx={{ alignItems: 'flex-start' }}>
          {content}
        </ListItemButton>
      ) : (
        <Box sx={{ display: 'flex', px: 2, py: 1 }}>{content}</Box>
      )}
    </ListItem>
  );
}

/** Recent Activity: 400 px tall, scrolling; icon, description, time, region and rank, status chip. */
export function RecentActivityList({ activities, loading }: { activities: Activity[]; loading: boolean }) {
  return (
    <Panel title={T.recentActivity}>
      {loading ? (
        <LinearProgress aria-label={T.recentActivity} />
      ) : activities.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {T.noRecentActivities}
        </Typography>
      ) : (
        <List dense aria-label={T.recentActivity} sx={{ height: 400, overflowY: 'auto', p: 0 }}>
          {activities.map((activity) => (
            <ActivityRow key={activity._id} activity={activity} />
          ))}
        </List>
      )}
    </Panel>
  );
}
