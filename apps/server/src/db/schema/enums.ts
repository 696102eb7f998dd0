import { pgEnum } from 'drizzle-orm/pg-core';
import {
  DRAFT_ACTIONS,
  DRAFT_MODES,
  DRAFT_SIDES,
  DRAFT_STATUSES,
  REGIONS,
  RESULT_SOURCES,
  RESULT_STATUSES,
  ROLE_PREFERENCES,
  ROLES,
  SCRIM_MODES,
  SCRIM_POST_STATUSES,
  SCRIM_REQUEST_STATUSES,
  SERIES_FORMATS,
  SERIES_SIDES,
  SERIES_STATUSES,
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
  'series_alert',
]);
export const seriesFormatEnum = pgEnum('series_format', SERIES_FORMATS);
export const scrimPostStatusEnum = pgEnum('scrim_post_status', SCRIM_POST_STATUSES);
export const scrimRequestStatusEnum = pgEnum('scrim_request_status', SCRIM_REQUEST_STATUSES);
export const seriesStatusEnum = pgEnum('series_status', SERIES_STATUSES);
export const seriesSideEnum = pgEnum('series_side', SERIES_SIDES);
/** How a series counted for one of its teams' reliability: played, cancelled late by it, or not shown up for. */
export const seriesOutcomeEnum = pgEnum('series_outcome', ['played', 'late_cancel', 'no_show']);
export const draftModeEnum = pgEnum('draft_mode', DRAFT_MODES);
export const draftStatusEnum = pgEnum('draft_status', DRAFT_STATUSES);
export const draftSideEnum = pgEnum('draft_side', DRAFT_SIDES);
export const draftActionEnum = pgEnum('draft_action', DRAFT_ACTIONS);
