import type { ActivityStatus, ServiceStatus } from '../../schemas/admin.js';
import { ADMIN_MESSAGES } from './admin.js';
import { DISCORD_MESSAGES } from './discord.js';
import { count } from './plural.js';

/**
 * The admin pages' texts, in a module of their own: a profile's ban dialog reads ADMIN_MESSAGES too, and a
 * bundler places a whole module in one chunk, so beside it these would load with every profile.
 */
export const ADMIN_TEXTS = {
  ...ADMIN_MESSAGES,
  dashboardTitle: 'Admin Dashboard',
  welcome: (name: string) => `Welcome back, ${name}`,
  dashboardIntro: 'Players, scrims, bans and the health of the service at a glance.',
  refresh: 'Refresh',

  totalUsers: 'Total Users',
  newThisWeek: (n: number) => `${n} new this week`,
  totalScrims: 'Total Scrims',
  scrimsThisWeek: (n: number) => `${n} this week`,
  activeToday: 'Active Today',
  activeTodaySubtitle: 'signed in or active today',
  activeBans: 'Active Bans',
  activeBansSubtitle: (expired: number, totalBanned: number) => `${expired} expired · ${totalBanned} total banned`,

  registrations: 'New User Registrations',
  presets: { 3: '3M', 6: '6M', 12: '1Y' } as Record<3 | 6 | 12, string>,
  from: 'From',
  to: 'To',
  clear: 'Clear',
  newUsers: 'New users',

  regions: 'Region Distribution',
  weeklyScrims: 'Weekly Scrim Activity',
  scrims: 'Scrims',
  ranks: 'Rank Distribution',
  players: 'Players',
  banStats: 'Ban Statistics Breakdown',
  banSlices: { active: 'Active Bans', expired: 'Expired (Not Lifted)', unbanned: 'Unbanned Users' },
  noBans: 'No bans yet',
  noData: 'No data yet',

  banManagement: 'Ban Management',
  banCounts: { active: 'Active', expired: 'Expired (Need Lifting)', lifted: 'Lifted', total: 'Total' },
  liftAll: 'Lift All Expired Bans',
  viewBanHistory: 'View Ban History',
  manageBans: 'Manage Bans',

  recentActivity: 'Recent Activity',
  activityStatus: {
    active: 'active',
    completed: 'completed',
    banned: 'banned',
    lifted: 'lifted',
    new: 'new',
    updated: 'updated',
    deleted: 'deleted',
    refused: 'refused',
    abandoned: 'abandoned',
    pending: 'result pending',
    disputed: 'result disputed',
  } satisfies Record<ActivityStatus, string>,

  systemStatus: 'System Status',
  services: {
    database: 'Database',
    websocket: 'WebSocket Server',
    riotApi: 'Riot API',
    emailService: 'Email Service',
    redis: 'Redis',
  },
  serviceStatus: {
    operational: 'Operational',
    warning: 'Warning',
    error: 'Error',
    inactive: 'Inactive',
    unknown: 'Unknown',
  } satisfies Record<ServiceStatus, string>,
  latency: (ms: number) => `${Math.round(ms)} ms`,
  connections: (n: number) => count(n, 'connection'),

  quickActions: 'Quick Actions',
  createScrim: 'Create Scrim',
  banHistory: 'Ban History',
  clearCache: 'Clear Cache',

  // Ban history page
  banHistoryTitle: 'Ban History',
  banHistoryIntro: 'Every ban, newest first. Lift a ban from its row.',
  columns: { name: 'Summoner Name', dateFrom: 'Date From', dateTo: 'Date To', status: 'Status', reason: 'Reason' },
  actions: 'Actions',
  /** The compact table's second column: dates, reason, unban. */
  mobileDetails: 'Dates & Reason',
  all: 'All',
  statusFilter: { all: 'All', active: 'Active', expired: 'Expired' },
  statusLabel: { active: 'Active', inactive: 'Inactive/Expired' },
  unban: 'Unban',
  confirmUnban: (name: string) => `Lift the ban of ${name}?`,
  noBansFound: 'No bans found',
  rowsPerPage: 'Rows per page',

  // Discord announcements (the regions' webhooks)
  discord: DISCORD_MESSAGES,
  // Community hosts page
  communityHosts: 'Community Hosts',
  hostsIntro: 'Hosts create scrims in the regions they host and run their own scrims. Revoking takes effect at once.',
  grantTitle: 'Make a player a host',
  searchUser: 'Search a player by name',
  typeMore: 'Type at least 2 characters',
  noUsers: 'No players found',
  hostRegion: 'Region',
  grant: 'Make host',
  currentHosts: 'Current hosts',
  noHosts: 'No community hosts yet',
  revokeRegion: (region: string) => `Revoke ${region}`,
  revokeAll: 'Revoke all',
  confirmRevoke: (name: string, regions: string) => `Remove ${name} as community host of ${regions}?`,
  hostsLoadFailed: 'Failed to load the community hosts',
  hostError: 'Could not change the host role',
} as const;
