import {
  MESSAGES,
  RIOT_LINK_MESSAGES,
  type RegisterBody,
  type SessionResponse,
  type UpdateUserBody,
  profileFieldsSchema,
  updateUserBodySchema,
} from '@scrim-gym/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { conflict, forbidden, uniqueViolation } from '../../lib/errors.js';
import { nameSkeleton } from '../../lib/lookalike.js';
import {
  bindSessionToUser,
  insertUserWithIdentity,
  updateUserFields,
  type Identity,
  type UserRow,
} from './auth.repository.js';
import { assertAdminKey } from './admin-key.js';
import { assertActiveUser, assertIdentity, bannedError, isBanInForce, type AuthContext } from './auth.policy.js';
import { toCurrentUser } from './auth.presenter.js';
import { assertNameNotReserved } from './name-reservations.js';
import { needsLaterCheck, retryAfterOf, riotIdColumns, verdictOnRiotId, type RiotIdChecks } from './riot-id.js';
import type { SessionForgetter } from './session-cache.js';

export interface Deps {
  db: Database;
  config: AppConfig;
  /** Every instance forgets the sessions an action ends or changes. */
  sessionForgetter: SessionForgetter;
}

export const uidOf = (identity: Pick<Identity, 'provider' | 'subject'>) => `${identity.provider}|${identity.subject}`;

export const isListedAdmin = (config: AppConfig, email: string | null) =>
  Boolean(email && config.ADMIN_EMAILS.includes(email.toLowerCase()));

/** Maps the unique constraints of `users` to the catalogue's messages; a look-alike is as taken as the same name. */
export function accountConflict(error: unknown, values: { name: string; region: string; discord: string }) {
  switch (uniqueViolation(error)) {
    case 'users_name_region_uq':
    case 'users_name_skeleton_region_uq':
      return conflict(MESSAGES.nameTaken(values.name, values.region), 'NAME_TAKEN');
    case 'users_discord_uq':
    case 'users_discord_skeleton_uq':
      return conflict(MESSAGES.discordTaken(values.discord), 'DISCORD_TAKEN');
    case 'users_email_uq':
      return conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
    case 'auth_identities_provider_subject_pk':
    case 'users_uid_unique':
      return conflict(MESSAGES.alreadyRegistered, 'ALREADY_REGISTERED');
    default:
      return null;
  }
}

export async function registerAccount({
  db,
  config,
  sessionForgetter,
  auth,
  body,
  riotIdChecks,
}: Deps & {
  auth: AuthContext;
  body: z.output<typeof profileFieldsSchema> & RegisterBody;
  riotIdChecks?: RiotIdChecks;
}): Promise<{
  token: string;
  user: UserRow;
}> {
  const session = assertIdentity(auth);
  if (auth.user) {
    if (isBanInForce(auth.ban)) throw bannedError(auth.ban);
    throw conflict(MESSAGES.alreadyRegistered, 'ALREADY_REGISTERED');
  }
  const identity: Identity = {
    provider: session.identityProvider,
    subject: session.identitySubject,
    email: session.identityEmail,
    name: session.identityName,
  };
  // The original client sends uid and email; the server trusts only the verified identity.
  if (body.uid && body.uid !== uidOf(identity)) throw forbidden('uid does not match your sign-in', 'IDENTITY_MISMATCH');
  if (body.email && body.email.toLowerCase() !== identity.email?.toLowerCase()) {
    throw forbidden('email does not match your sign-in', 'IDENTITY_MISMATCH');
  }
  const now = new Date();
  // Before anything is written: a Riot ID Riot does not know is refused; Riot's rank, when known, counts.
  const verdict = await verdictOnRiotId(riotIdChecks, body);
  try {
    const user = await db.transaction(async (tx) => {
      await assertNameNotReserved({ db: tx, name: body.name, region: body.region, now });
      const created = await insertUserWithIdentity({
        db: tx,
        identity,
        user: {
          uid: uidOf(identity),
          email: identity.email,
          name: body.name,
          summonerTagline: body.summonerTagline,
          region: body.region,
          discord: body.discord,
          rank: body.rank,
          primaryRole: body.primaryRole ?? 'Fill',
          secondaryRole: body.secondaryRole ?? 'Fill',
          canSendEmailsToUser: body.canSendEmailsToUser,
          isAdmin: isListedAdmin(config, identity.email),
          lastLoggedIn: now,
          lastActiveAt: now,
          ...riotIdColumns(verdict, now),
        },
      });
      if (needsLaterCheck(verdict))
        await riotIdChecks!.checkLater({ db: tx, userId: created.id, retryAfterMs: retryAfterOf(verdict) });
      await bindSessionToUser({ db: tx, tokenHash: auth.tokenHash!, userId: created.id });
      return created;
    });
    // The identity session is now the user's: no instance may answer it from memory as account-less.
    await sessionForgetter.forget({ tokenHash: auth.tokenHash! });
    return { token: auth.token!, user };
  } catch (error) {
    throw accountConflict(error, body) ?? error;
  }
}

/**
 * A linked Riot account owns the name, tagline and rank: they follow Riot. Sending them unchanged (the Settings
 * form sends every field) is fine; changing one is a 409 until the account is unlinked. Nothing is written.
 */
function assertRiotFieldsUnchanged(user: UserRow, fields: Pick<UpdateUserBody, 'name' | 'summonerTagline' | 'rank'>) {
  if (!user.riotLinkedAt) return;
  const changed =
    (fields.name !== undefined && fields.name !== user.name) ||
    (fields.summonerTagline !== undefined && fields.summonerTagline !== user.summonerTagline) ||
    (fields.rank !== undefined && fields.rank !== user.rank);
  if (changed) throw conflict(RIOT_LINK_MESSAGES.linkedFieldsLocked, 'RIOT_LINKED');
}

export async function updateAccount({
  db,
  config,
  sessionForgetter,
  auth,
  body,
  ip,
  riotIdChecks,
}: Deps & {
  auth: AuthContext;
  body: z.output<typeof updateUserBodySchema> & UpdateUserBody;
  /** The client's address, for the audit entry of a wrong admin key. */
  ip: string;
  riotIdChecks?: RiotIdChecks;
}): Promise<SessionResponse> {
  const user = assertActiveUser(auth);
  const { adminKey, ...fields } = body;
  assertRiotFieldsUnchanged(user, fields);
  let isAdmin: boolean | undefined;
  if (adminKey) {
    await assertAdminKey({ db, config, userId: user.id, adminKey, ip });
    isAdmin = true;
  }
  // A new Riot ID (name, tagline or region) of an unlinked account is checked with Riot before anything is
  // written. Riot's last rank keeps counting until Riot answers for the new one: a typed rank never undercuts it.
  const riotId = {
    name: fields.name ?? user.name,
    summonerTagline: fields.summonerTagline ?? user.summonerTagline,
    region: fields.region ?? user.region,
  };
  const riotIdChanged =
    !user.riotLinkedAt &&
    (riotId.name !== user.name || riotId.summonerTagline !== user.summonerTagline || riotId.region !== user.region);
  const verdict = riotIdChanged ? await verdictOnRiotId(riotIdChecks, riotId) : null;
  const now = new Date();
  const changes = {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    ...(isAdmin && { isAdmin }),
    ...(verdict && { riotIdCheckedAt: null, ...riotIdColumns(verdict, now) }),
  };
  try {
    // Nothing to change (an empty body or an empty admin key) is not an UPDATE without a SET.
    // A name kept as it is (the settings form sends every field) is no new claim.
    const name = fields.name ?? user.name;
    const region = fields.region ?? user.region;
    if (region !== user.region || nameSkeleton(name) !== user.nameSkeleton) {
      await assertNameNotReserved({ db, name, region });
    }
    const updated =
      Object.keys(changes).length > 0 ? await updateUserFields({ db, id: user.id, fields: changes }) : user;
    if (verdict && needsLaterCheck(verdict))
      await riotIdChecks!.checkLater({ db, userId: user.id, retryAfterMs: retryAfterOf(verdict) });
    // Every session of the user answers with the new profile (and admin flag) on every instance from now on.
    if (updated !== user) await sessionForgetter.forget({ userId: user.id });
    return { token: auth.token!, user: toCurrentUser(updated!, auth.ban, auth.hostRegions) };
  } catch (error) {
    throw (
      accountConflict(error, {
        name: fields.name ?? user.name,
        region: fields.region ?? user.region,
        discord: fields.discord ?? user.discord,
      }) ?? error
    );
  }
}
