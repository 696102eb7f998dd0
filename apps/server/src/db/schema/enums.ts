import { pgEnum } from 'drizzle-orm/pg-core';
import { REGIONS, ROLES, TEAMS } from '@scrim-gym/shared';

export const regionEnum = pgEnum('region', REGIONS);
export const teamEnum = pgEnum('team', TEAMS);
export const roleEnum = pgEnum('role', ROLES);
export const participantKindEnum = pgEnum('participant_kind', ['player', 'caster']);
export const notificationKindEnum = pgEnum('notification_kind', [
  'friend_request',
  'friend_accepted',
  'conversation_start',
  'scrim_alert',
  'general',
]);
