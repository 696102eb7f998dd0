import type { FriendRequest } from '@scrim-gym/shared';
import type { UserSummaryRow } from '../../db/user-summary.js';
import { toUserSummary } from '../../lib/user-summary.js';

export const presentFriendRequest = (request: {
  id: string;
  sender: UserSummaryRow;
  createdAt: Date;
}): FriendRequest => ({
  _id: request.id,
  _user: toUserSummary(request.sender),
  createdAt: request.createdAt.toISOString(),
});
