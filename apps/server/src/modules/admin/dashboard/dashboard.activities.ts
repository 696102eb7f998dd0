import {
  RESULT_MESSAGES,
  teamDisplayName,
  type Activity,
  type ActivityStatus,
  type ResultStatus,
  type TeamName,
} from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { formatUsDate } from '../../../lib/dates.js';
import { ACTIVITY_FROM_OWN_TABLES } from '../../audit/index.js';
import { auditActivity } from './dashboard.audit-activity.js';
import {
  findNewestAuditEntries,
  findNewestBans,
  findNewestLifts,
  findNewestScrims,
  findNewestUsers,
} from './dashboard.repository.js';

/** How many of each kind of event are read; the merged list keeps the newest RECENT_ACTIVITIES. */
const PER_KIND = 20;
export const RECENT_ACTIVITIES = 30;

/** A scrim with a winner is 'completed' only once the result is confirmed; until then it says where it stands. */
const resultActivityStatus = (status: ResultStatus | null): ActivityStatus =>
  status === 'pending' || status === 'disputed' ? status : 'completed';

function resultActivityDescription(title: string, team: TeamName, status: ResultStatus | null) {
  if (status === 'pending') return RESULT_MESSAGES.pendingActivity(title, teamDisplayName(team));
  if (status === 'disputed') return RESULT_MESSAGES.disputedActivity(title);
  return `Scrim "${title}" completed: ${teamDisplayName(team)} won`;
}

/**
 * GET /admin/recent-activities: scrims created and completed, users registered, bans and
 * lifts, and the admin actions of the audit log, merged newest first.
 */
export async function getRecentActivities({ db }: { db: Database }): Promise<Activity[]> {
  const limit = PER_KIND;
  const [created, completed, registered, banned, lifted, audited] = await Promise.all([
    findNewestScrims({ db, limit }),
    findNewestScrims({ db, limit, completed: true }),
    findNewestUsers({ db, limit }),
    findNewestBans({ db, limit }),
    findNewestLifts({ db, limit }),
    findNewestAuditEntries({ db, limit, excludeActions: ACTIVITY_FROM_OWN_TABLES }),
  ]);
  const userDetails = (u: { userId: string; name: string; summonerTagline: string; region: string; rank: string }) => ({
    userId: u.userId,
    userName: u.name,
    summonerTagline: u.summonerTagline,
    region: u.region,
    rank: u.rank,
  });
  const activities: Activity[] = [
    ...created.map((s): Activity => ({
      _id: `scrim:${s.id}`,
      type: 'scrim',
      description: `New scrim "${s.title}" created${s.creatorName ? ` by ${s.creatorName}${s.hostedBy ? ' (host)' : ''}` : ''}`,
      timestamp: s.createdAt.toISOString(),
      status: s.teamWon ? resultActivityStatus(s.resultStatus) : s.abandonedAt ? 'abandoned' : 'active',
      details: { scrimId: s.id, region: s.region },
    })),
    ...completed.map((s): Activity => ({
      _id: `scrim-won:${s.id}`,
      type: 'scrim',
      description: resultActivityDescription(s.title, s.teamWon!, s.resultStatus),
      timestamp: s.updatedAt.toISOString(),
      status: resultActivityStatus(s.resultStatus),
      details: { scrimId: s.id, region: s.region },
    })),
    ...registered.map((u): Activity => ({
      _id: `user:${u.id}`,
      type: 'user',
      description: `New user ${u.name}#${u.summonerTagline} registered`,
      timestamp: u.createdAt.toISOString(),
      status: 'new',
      details: userDetails({ ...u, userId: u.id }),
    })),
    ...banned.map((b): Activity => ({
      _id: `ban:${b.id}`,
      type: 'ban',
      description: `${b.name} was banned until ${formatUsDate(b.dateTo)}`,
      timestamp: b.at.toISOString(),
      status: 'banned',
      details: { ...userDetails(b), reason: b.reason },
    })),
    ...lifted.map((b): Activity => ({
      _id: `lift:${b.id}`,
      type: 'ban',
      description: b.liftedBy ? `${b.name}'s ban was lifted` : `${b.name}'s ban expired and was lifted`,
      timestamp: b.at.toISOString(),
      status: 'lifted',
      details: { ...userDetails(b), reason: b.reason },
    })),
    ...audited.map(auditActivity),
  ];
  return activities.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, RECENT_ACTIVITIES);
}
