import type { FastifyInstance } from 'fastify';
import type { SocketAuth } from '../../plugins/io.js';
import { assertActiveUser } from './auth.policy.js';
import { readSessionToken, resolveAuth } from './auth.plugin.js';
import { assertSocketSession, watchSocketSessions } from './socket-sessions.js';

/**
 * Who a socket is, for the Socket.IO plugin: identity comes only from the session at the handshake (the
 * `auth.token` the client passes, else the cookie or a Bearer header), checked as the HTTP API checks a request,
 * and a socket lives no longer than that session (socket-sessions.ts).
 */
export function socketAuth(app: FastifyInstance): SocketAuth {
  return {
    tokenOf: (handshake) =>
      (typeof handshake.auth?.token === 'string' ? handshake.auth.token : null) ??
      readSessionToken(
        { authorization: handshake.headers.authorization },
        app.parseCookie(handshake.headers.cookie ?? ''),
      ),
    async identify(token) {
      const auth = await resolveAuth(app, token);
      const user = assertActiveUser(auth);
      return { userId: user.id, isAdmin: user.isAdmin, tokenHash: auth.tokenHash!, hostRegions: [...auth.hostRegions] };
    },
    assertSession: ({ tokenHash }) => assertSocketSession({ sessions: app.sessionCache, tokenHash }),
    attach(io, { tokenHashOf }) {
      return watchSocketSessions({
        io,
        db: app.db,
        intervalMs: app.config.SOCKET_SESSION_CHECK_MS,
        log: app.log,
        tokenHashOf,
      });
    },
  };
}
