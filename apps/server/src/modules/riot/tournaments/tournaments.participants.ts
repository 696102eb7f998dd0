import type { DbOrTx } from '../../../db/client.js';
import {
  DEFAULT_RETRY_POLICY,
  PermanentJobError,
  RetryLaterError,
  type ClaimedJob,
  type JobRunner,
} from '../../../jobs/index.js';
import { getScrimAggregate, publishScrimChange, type ScrimAggregate } from '../../scrims/index.js';
import { isRiotError } from '../client/index.js';
import { findCodesWithout, markParticipantsPending, settleParticipants } from './tournaments.codes.repository.js';
import { resolveAllowedParticipants, rosterOf, type AllowedParticipants } from './tournaments.roster.js';
import { scheduleCodeParticipants, scrimIdOf } from './tournaments.schedule.js';
import type { TournamentDeps } from './tournaments.service.js';

/**
 * A scrim's tournament code follows its seated roster. Riot lets into a code's lobby only its allowedParticipants,
 * so after a substitute, a waitlist promotion or an admin's move the code's list is replaced (PUT codes/{code}, the
 * full list, the bench of a series game included); the code itself is never regenerated for it. A job per scrim
 * (deduplicated) sends the roster as it is when it runs, so quick changes make one PUT; Riot's failures are retried
 * by the job runner, and the page shows where the update stands (docs/game-day.md, "Codes follow the roster").
 */

/** A scrim whose code may still be played: not won, cancelled or abandoned. */
const isLive = ({ scrim }: ScrimAggregate) => !scrim.teamWon && !scrim.cancelledAt && !scrim.abandonedAt;

const sameRoster = (a: readonly string[] | null, b: readonly string[]) =>
  a !== null && a.length === b.length && a.every((entry, i) => entry === b[i]);

/**
 * After a committed change of a scrim (scrims' `changed`, or a code just stored): when its seated roster is no
 * longer the one its code was given, the code's update is marked pending, shown, and its job scheduled.
 */
export async function followRoster(deps: TournamentDeps, aggregate: ScrimAggregate) {
  const { tournament } = aggregate;
  if (!deps.riot.isConfigured || !tournament?.tournamentCode || !isLive(aggregate)) return;
  const seated = aggregate.participants.flatMap((p) =>
    p.kind === 'player' && p.team ? [{ userId: p.user.id, team: p.team }] : [],
  );
  if (sameRoster(tournament.participantsRoster, rosterOf(seated))) return;
  const scrimId = aggregate.scrim.id;
  if (!(await markParticipantsPending({ db: deps.db, scrimId }))) return;
  await scheduleCodeParticipants({ db: deps.db, jobs: deps.scrims.jobs, scrimId });
  if (tournament.participantsState !== 'pending') await publish(deps, scrimId);
}

/**
 * A player linked or refreshed their Riot account: each live code that could not list them is sent again, now that
 * Riot may know them (the page shows the outcome when the job has run).
 */
export async function recheckCodesFor({ db, jobs }: { db: DbOrTx; jobs?: JobRunner }, userId: string) {
  for (const { scrimId } of await findCodesWithout({ db, userId })) {
    if (await markParticipantsPending({ db, scrimId })) await scheduleCodeParticipants({ db, jobs, scrimId });
  }
}

async function publish(deps: TournamentDeps, scrimId: string) {
  const aggregate = await getScrimAggregate({ db: deps.db, id: scrimId });
  if (aggregate) publishScrimChange(deps.scrims, aggregate);
}

/**
 * 'scrim.code-participants': sends Riot the code's allowed participants for the roster seated now. Riot accepted:
 * 'current'. A transient failure (429, 5xx, network, of the update or of a needed PUUID's look-up): 'retrying', and the runner retries with backoff (a 429 at its
 * Retry-After); a refusal (400, 403, 404) or the last attempt: 'failed', and the job stops. A roster change while
 * it runs moves the counter: its outcome is not written, and the job runs again for the newer roster.
 */
export async function handleCodeParticipantsJob(deps: TournamentDeps, job: ClaimedJob) {
  const scrimId = scrimIdOf(job);
  const aggregate = await getScrimAggregate({ db: deps.db, id: scrimId });
  const code = aggregate?.tournament?.tournamentCode;
  if (!aggregate?.tournament || !code || !isLive(aggregate)) return;
  const version = aggregate.tournament.participantsVersion;
  let allowed: AllowedParticipants;
  try {
    // A PUUID Riot could not be asked for fails here, transiently, like the update itself.
    allowed = await resolveAllowedParticipants(deps, scrimId);
    // An empty list opens the code, as its creation does when a PUUID is unknown to Riot: nobody is locked out.
    await deps.riot.updateTournamentCode(code, { allowedParticipants: allowed.puuids ?? [] });
  } catch (error) {
    if (!isRiotError(error)) throw error;
    const final = !error.isTransient || job.attempts >= DEFAULT_RETRY_POLICY.maxAttempts;
    const values = { participantsState: final ? ('failed' as const) : ('retrying' as const) };
    if (await settleParticipants({ db: deps.db, scrimId, version, values })) await publish(deps, scrimId);
    if (final) throw new PermanentJobError(error.message, { cause: error });
    if (error.retryAfterMs) {
      throw new RetryLaterError(error.message, new Date(Date.now() + error.retryAfterMs), { cause: error });
    }
    throw error;
  }
  const values = {
    participantsState: 'current' as const,
    participantsRoster: allowed.roster,
    participantsCannotJoin: allowed.cannotJoin,
    participantsUpdatedAt: new Date(),
  };
  if (await settleParticipants({ db: deps.db, scrimId, version, values })) await publish(deps, scrimId);
}
