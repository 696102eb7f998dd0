import type { TestUser } from './factories.js';
import type { callApi } from './social.js';

/** The friend-request and unfriend calls of the API, each as `from`/`me` (or another token). */
export function friendApi(call: ReturnType<typeof callApi>) {
  return {
    send: (to: TestUser, from: TestUser, token = from.token) =>
      call('POST', `/api/friend-requests/send-friend-request/${to.id}/${from.id}`, token),
    accept: (me: TestUser, sender: TestUser, token = me.token) =>
      call('POST', `/api/friend-requests/accept-request/${me.id}`, token, { newFriendUserId: sender.id }),
    reject: (me: TestUser, sender: TestUser, token = me.token) =>
      call('POST', `/api/friend-requests/${me.id}/reject-friend-request/${sender.id}`, token),
    cancel: (to: TestUser, token: string) => call('POST', `/api/friend-requests/cancel-friend-request/${to.id}`, token),
    unfriend: (friend: TestUser, token: string) =>
      call('POST', '/api/friends/unfriend-user', token, { friendUserId: friend.id }),
  };
}
