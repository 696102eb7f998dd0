import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getScrimAggregate, getScrimTitle } from '../scrims/index.js';
import { AUDIT_ACTIONS, writeAudit, type AuditAction } from '../audit/index.js';

interface AuditedRoute {
  action: AuditAction;
  /** The user the action is about, when there is one (an assigned, swapped or kicked player). */
  targetUserOf?: (request: FastifyRequest) => string | undefined;
  /** Only some calls of a shared route are admin actions (kick vs leave). */
  when?: (request: FastifyRequest, actorId: string) => boolean;
}

type Params = { id?: string; userId?: string };
type Body = { userId?: string } | undefined;
const bodyUser = (request: FastifyRequest) => (request.body as Body)?.userId;
const pathUser = (request: FastifyRequest) => (request.params as Params).userId;
const onSomeoneElse = (request: FastifyRequest, actorId: string) => pathUser(request) !== actorId;

/**
 * The scrim routes (by method and route pattern) whose successful calls by an admin are admin actions, and by a
 * scrim's community host host actions.
 */
const AUDITED: Record<string, AuditedRoute> = {
  'POST /api/scrims': { action: AUDIT_ACTIONS.createScrim },
  'PUT /api/scrims/:id': { action: AUDIT_ACTIONS.editScrim },
  'DELETE /api/scrims/:id': { action: AUDIT_ACTIONS.deleteScrim },
  'POST /api/scrims/:id/regenerate-tournament-code': { action: AUDIT_ACTIONS.regenerateCode },
  'PATCH /api/scrims/:id/admin-assign-player': { action: AUDIT_ACTIONS.assignPlayer, targetUserOf: bodyUser },
  'PATCH /api/scrims/:id/admin-fill-random': { action: AUDIT_ACTIONS.fillRandom },
  'PATCH /api/scrims/:id/swap-players': { action: AUDIT_ACTIONS.swapPlayers, targetUserOf: bodyUser },
  'POST /api/scrims/:id/balance': { action: AUDIT_ACTIONS.balanceTeams },
  'PATCH /api/scrims/:id/remove-player/:userId': {
    action: AUDIT_ACTIONS.kickPlayer,
    targetUserOf: pathUser,
    when: onSomeoneElse,
  },
  'PATCH /api/scrims/:id/remove-caster/:userId': {
    action: AUDIT_ACTIONS.removeCaster,
    targetUserOf: pathUser,
    when: onSomeoneElse,
  },
  'PATCH /api/scrims/:id/set-winner': { action: AUDIT_ACTIONS.setWinner },
  'PATCH /api/scrims/:id/add-image': { action: AUDIT_ACTIONS.addImage },
  'PATCH /api/scrims/:id/remove-image': { action: AUDIT_ACTIONS.removeImage },
};

/** A route option's hooks as an array (Fastify takes one function or several). */
const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
const isAdminCall = (request: FastifyRequest) => Boolean(request.auth?.user?.isAdmin);

/** What a route's answer tells about the scrim (a created scrim's id) and what a deleted one was called. */
const scrimFacts = new WeakMap<FastifyRequest, { id?: string; title?: string }>();

/**
 * A call that is not an admin's is a host action when its caller is a community host and the scrim is theirs
 * (they created it, or the call succeeded because they run it: a kick, a confirmed winner). One read of the
 * scrim, for hosts' calls only.
 */
async function isHostAction(app: FastifyInstance, request: FastifyRequest, actorId: string, scrimId?: string) {
  if (!scrimId || request.auth.hostRegions.length === 0) return false;
  const aggregate = await getScrimAggregate({ db: app.db, id: scrimId });
  return aggregate?.scrim.hostedBy === actorId;
}

/**
 * Writes the audit row of every successful scrim admin or host action (create, edit, delete, assign, fill, swap,
 * kick, winner, images, code), from hooks around the scrim routes, so the scrim module needs no audit code. The row is
 * written once the action has committed and before its answer leaves (onSend): whoever reads the audit log after
 * an answer finds its row, and nothing of the call is still writing when the caller goes on. A failure to write
 * it is logged, never the caller's error. Bans and user updates write theirs inside their own transaction
 * (admin.service.ts).
 */
export const scrimAuditPlugin = fp(
  async (app: FastifyInstance) => {
    // A deleted scrim's title cannot be read afterwards: read it first (one indexed row, admins only).
    const readDeletedTitle = async (request: FastifyRequest) => {
      const id = (request.params as Params).id;
      if (!id || !isAdminCall(request)) return;
      const title = await getScrimTitle({ db: app.db, id }).catch(() => null);
      if (title !== null) scrimFacts.set(request, { title });
    };

    // Before compression (another route-level onSend): the created scrim's JSON is still a string here.
    const readCreatedId = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 300 || typeof payload !== 'string') return;
      try {
        scrimFacts.set(reply.request, { id: (JSON.parse(payload) as { _id?: string })._id });
      } catch {
        /* not JSON: nothing to record */
      }
    };

    const record = (route: AuditedRoute) =>
      async function recordAudit(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
        const actor = request.auth?.user;
        if (!actor || reply.statusCode >= 300) return payload;
        if (route.when && !route.when(request, actor.id)) return payload;
        const facts = scrimFacts.get(request);
        const scrimId = facts?.id ?? (request.params as Params).id;
        const deleted = route.action === AUDIT_ACTIONS.deleteScrim;
        try {
          const asHost = !actor.isAdmin && (await isHostAction(app, request, actor.id, scrimId));
          if (!actor.isAdmin && !asHost) return payload;
          await writeAudit({
            db: app.db,
            entries: [
              {
                actorId: actor.id,
                action: route.action,
                targetUserId: route.targetUserOf?.(request) ?? null,
                // A deleted scrim has no row to point to: its id and title go in the details.
                targetScrimId: deleted ? null : (scrimId ?? null),
                details: deleted ? { scrimId, title: facts?.title } : asHost ? { asHost: true } : {},
              },
            ],
          });
        } catch (err) {
          request.log.warn({ err, action: route.action }, 'audit log: could not record a scrim admin or host action');
        }
        return payload;
      };

    // Hooks on the audited routes only: every other request (the hub's list first) runs none of this.
    app.addHook('onRoute', (options) => {
      const route = [options.method]
        .flat()
        .map((method) => AUDITED[`${method} ${options.url}`])
        .find(Boolean);
      if (!route) return;
      if (route.action === AUDIT_ACTIONS.deleteScrim)
        options.preHandler = [readDeletedTitle, ...hooksOf(options.preHandler)];
      if (route.action === AUDIT_ACTIONS.createScrim) options.onSend = [readCreatedId, ...hooksOf(options.onSend)];
      options.onSend = [...hooksOf(options.onSend), record(route)];
    });
  },
  { name: 'scrim-audit' },
);
