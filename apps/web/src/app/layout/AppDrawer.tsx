import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupIcon from '@mui/icons-material/Group';
import HelpIcon from '@mui/icons-material/Help';
import HomeIcon from '@mui/icons-material/Home';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import ShieldIcon from '@mui/icons-material/Shield';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SettingsIcon from '@mui/icons-material/Settings';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { CurrentUser } from '@scrim-gym/shared';
import { profilePath } from '../../lib/profile-link';
import { useLogout } from '../../features/auth/api/session';
import { useFriendRequests } from '../../features/social/api/friend-requests';
import { openFriendRequests } from '../../features/social/store';

interface Item {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  /** A count shown on the icon (pending friend requests). */
  badge?: number;
}

function Group({ title, items, onNavigate }: { title?: string; items: Item[]; onNavigate: () => void }) {
  return (
    <List dense subheader={title ? <ListSubheader sx={{ bgcolor: 'transparent' }}>{title}</ListSubheader> : undefined}>
      {items.map((item) => (
        <ListItemButton
          key={item.label}
          {...(item.to ? { component: RouterLink, to: item.to } : {})}
          onClick={() => {
            item.onClick?.();
            onNavigate();
          }}
        >
          <ListItemIcon>
            <Badge badgeContent={item.badge || undefined} color="error">
              {item.icon}
            </Badge>
          </ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );
}

/** The 'more options' drawer: from the top below large screens, from the right otherwise. */
export function AppDrawer({ open, onClose, user }: { open: boolean; onClose: () => void; user: CurrentUser }) {
  const isBelowLarge = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const logout = useLogout();
  const navigate = useNavigate();
  const friendRequests = useFriendRequests().data?.length ?? 0;

  return (
    <Drawer anchor={isBelowLarge ? 'top' : 'right'} open={open} onClose={onClose}>
      <Box component="nav" aria-label="Main menu" sx={{ width: isBelowLarge ? 'auto' : 300, pb: 2 }}>
        <ListItemButton component={RouterLink} to={profilePath(user)} onClick={onClose} sx={{ gap: 2, py: 2 }}>
          <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>{user.name.slice(0, 1)}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 700 }}>
              {user.name}{' '}
              <Typography component="span" color="text.secondary">
                #{user.summonerTagline}
              </Typography>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {user.rank} · {user.region}
            </Typography>
          </Box>
        </ListItemButton>
        <Group onNavigate={onClose} items={[{ label: 'Home', icon: <HomeIcon />, to: '/' }]} />
        <Group
          title="Gaming"
          onNavigate={onClose}
          items={[
            { label: 'Browse Scrims', icon: <SportsEsportsIcon />, to: '/scrims' },
            { label: 'Scrim Board', icon: <EventNoteIcon />, to: '/board' },
            { label: 'Teams', icon: <ShieldIcon />, to: '/teams' },
            { label: 'Leaderboard', icon: <LeaderboardIcon />, to: '/leaderboard' },
          ]}
        />
        <Group
          title="Social"
          onNavigate={onClose}
          items={[
            { label: 'My Friends', icon: <GroupIcon />, to: `${profilePath(user)}&friends=1` },
            { label: 'Friend Requests', icon: <PersonAddIcon />, onClick: openFriendRequests, badge: friendRequests },
          ]}
        />
        {user.isAdmin && (
          <Group
            title="Admin"
            onNavigate={onClose}
            items={[
              { label: 'Admin Dashboard', icon: <AdminPanelSettingsIcon />, to: '/admin/dashboard' },
              { label: 'Create Scrim', icon: <AddCircleIcon />, to: '/scrims/new' },
              { label: 'Ban Management', icon: <GavelIcon />, to: '/admin/bans' },
              { label: 'Community Hosts', icon: <HowToRegIcon />, to: '/admin/hosts' },
            ]}
          />
        )}
        {!user.isAdmin && user.hostRegions.length > 0 && (
          <Group
            title={`Host (${user.hostRegions.join(', ')})`}
            onNavigate={onClose}
            items={[{ label: 'Create Scrim', icon: <AddCircleIcon />, to: '/scrims/new' }]}
          />
        )}
        <Group
          title="Help & Info"
          onNavigate={onClose}
          items={[{ label: 'User Guide', icon: <HelpIcon />, to: '/guide' }]}
        />
        <Group
          onNavigate={onClose}
          items={[
            { label: 'Settings', icon: <SettingsIcon />, to: '/settings' },
            {
              label: 'Log Out',
              icon: <LogoutIcon />,
              onClick: () => logout.mutate(undefined, { onSettled: () => navigate('/') }),
            },
          ]}
        />
      </Box>
    </Drawer>
  );
}
