import { pgEnum } from 'drizzle-orm/pg-core';
import {
  REGIONS,
  RESULT_SOURCES,
  RESULT_STATUSES,
  ROLE_PREFERENCES,
  ROLES,
  SCRIM_MODES,
  TEAM_ROLES,
  TEAMS,
} from '@scrim-gym/shared';

export const regionEnum = pgEnum('region', REGIONS);
export const teamEnum = pgEnum('team', TEAMS);
export const roleEnum = pgEnum('role', ROLES);
export const teamRoleEnum = pgEnum('team_role', TEAM_ROLES);
export const rolePreferenceEnum = pgEnum('role_preference', ROLE_PREFERENCES);
export const scrimModeEnum = pgEnum('scrim_mode', SCRIM_MODES);
export const resultStatusEnum = pgEnum('result_status', RESULT_STATUSES);
export const resultSourceEnum = pgEnum('result_source', RESULT_SOURCES);
export const participantKindEnum = pgEnum('participant_kind', ['player', 'caster']);
export const notificationKindEnum = pgEnum('notification_kind', [
  'friend_request',
  'friend_accepted',
  'conversation_start',
  'scrim_alert',
  'general',
  'scrim_placed',
  'result_decided',
]);
