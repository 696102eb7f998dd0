import { randomInt } from 'node:crypto';
import { BALANCE_MESSAGES, SCRIM_MESSAGES, createScrimBodySchema, updateScrimBodySchema } from '@scrim-gym/shared';
import type { z } from 'zod';
import { badRequest, conflict, forbidden } from '../../../lib/errors.js';
import { createPassword } from '../../../lib/tokens.js';
import { emitToOtherInstances } from '../../../plugins/io.js';
import { syncScrimRatings, unrateScrim } from '../../ratings/index.js';
import { publishScrimDeleted } from '../core/scrims.events.js';
import { adminResult, settleDispute } from '../results/result-fields.js';
import { adminEvidence, noteEvidence } from '../results/reconcile.js';
import { cancelScrimJobs, scheduleScrimCheckIn, scheduleScrimStart } from '../core/scrims.schedule.js';
import {
  assertCanRunScrim,
  assertMayHostIn,
  assertMayPlace,
  assertMayStartAt,
  isParticipant,
  type Viewer,
} from '../core/scrims.policy.js';
import { presentScrimFor } from '../core/scrims.presenter.js';
import {
  deleteRiotTournament,
  deleteScrim,
  findScrimAggregate,
  findUserById,
  insertScrim,
  updateScrim,
} from '../core/scrims.repository.js';
import { deleteCheckIns } from '../checkin/checkin.repository.js';
import { recordPlayed } from '../commitments/commitments.js';
import { freezePrediction } from '../signups/prediction.js';
import { hasSignups } from '../signups/signups.repository.js';
import {
  ScrimDeps,
  SCRIM_CHANGED_EVENT,
  publishScrimChange,
  scrimNotFound,
  assertNotAbandoned,
  changeScrim,
  needsTournamentCode,
} from '../core/scrim-change.js';
import { assertPickUpDraft, draftSettingsChange } from './draft-settings.js';

/** A scrim itself: create, edit and delete it (whoever runs scrims). */

const pickRandom = <T>(items: T[]): T => items[randomInt(items.length)]!;

function castersCount(isWithCasters: boolean, requested: number) {
  if (!isWithCasters) return 0;
  return requested === 0 ? 2 : requested;
}

export type CreateScrimFields = z.output<typeof createScrimBodySchema>;

/** A new scrim's row from its creation fields: the lobby named after the title unless named, its password made. */
export const newScrimValues = (
  body: CreateScrimFields,
  by: { createdBy: string | null; hostedBy: string | null; lobbyHostId: string | null },
) => ({
  title: body.title,
  region: body.region,
  gameStartTime: new Date(body.gameStartTime),
  isPrivate: body.isPrivate,
  isWithCasters: body.isWithCasters,
  maxCastersAllowedCount: castersCount(body.isWithCasters, body.maxCastersAllowedCount),
  lobbyName: body.lobbyName || body.title,
  lobbyPassword: body.lobbyPassword || createPassword(),
  lobbyHostId: by.lobbyHostId,
  useTournamentCode: body.useTournamentCode,
  mode: body.mode,
  checkInEnabled: body.checkInEnabled,
  draft: body.draft,
  draftTimerSeconds: body.draftTimerSeconds,
  createdBy: by.createdBy,
  hostedBy: by.hostedBy,
});

export async function createScrim({
  deps,
  viewer,
  body,
}: {
  deps: ScrimDeps;
  viewer: Viewer;
  body: z.output<typeof createScrimBodySchema>;
}) {
  assertMayHostIn(viewer, body.region);
  if (body.createdBy && body.createdBy !== viewer.id) throw forbidden('createdBy must be you', 'IDENTITY_MISMATCH');
  assertMayStartAt(viewer, new Date(body.gameStartTime));
  assertPickUpDraft(body.draft);
  let lobbyHostId: string | null = null;
  if (body.lobbyHost === 'me') lobbyHostId = viewer.id;
  else if (body.lobbyHost !== 'random') {
    // A new scrim has nobody in it or waiting: a host names only themselves its captain.
    assertMayPlace(viewer, { inScrim: body.lobbyHost === viewer.id, waiting: false });
    if (!(await findUserById({ db: deps.db, id: body.lobbyHost })))
      throw badRequest('Lobby host not found', 'BAD_HOST');
    lobbyHostId = body.lobbyHost;
  }
  const row = await insertScrim({
    db: deps.db,
    // A community host's scrim is theirs to run; an admin's is run by the admins.
    values: newScrimValues(body, { createdBy: viewer.id, hostedBy: viewer.isAdmin ? null : viewer.id, lobbyHostId }),
  });
  await scheduleScrimStart({ db: deps.db, jobs: deps.jobs, scrimId: row.id, gameStartTime: row.gameStartTime });
  const aggregate = (await findScrimAggregate({ db: deps.db, id: row.id }))!;
  publishScrimChange(deps, aggregate);
  await deps.lifecycle.emit('created', { aggregate });
  return presentScrimFor(aggregate, viewer);
}

export async function editScrim({
  deps,
  viewer,
  scrimId,
  body,
}: {
  deps: ScrimDeps;
  viewer: Viewer;
  scrimId: string;
  body: z.output<typeof updateScrimBodySchema>;
}) {
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      if (body.region !== scrim.region) assertMayHostIn(viewer, body.region);
      const startChanged = scrim.gameStartTime.getTime() !== new Date(body.gameStartTime).getTime();
      if (startChanged) assertMayStartAt(viewer, new Date(body.gameStartTime));
      // A new winner (or none) from the edit form is an admin's decision: confirmed at once, the dispute settled.
      // A community host reports a winner like a captain (set-winner), for the other team to confirm.
      const resultChanged = body.teamWon !== scrim.teamWon;
      if (resultChanged && !viewer.isAdmin) throw forbidden(SCRIM_MESSAGES.resultByAdminOnly, 'ADMIN_RESULT_ONLY');
      // A private scrim is never rated: turning it private or public decides its rating again.
      const privacyChanged = body.isPrivate !== scrim.isPrivate;
      // A new start time reopens an abandoned scrim (its abandon check moves with the start job); otherwise an
      // abandoned scrim takes no winner.
      if (!startChanged && body.teamWon && !scrim.teamWon) assertNotAbandoned(scrim);
      const modeChanged = body.mode !== undefined && body.mode !== scrim.mode;
      if (modeChanged && (participants.length > 0 || (await hasSignups({ db: tx, scrimId })))) {
        throw conflict(BALANCE_MESSAGES.modeLocked, 'MODE_LOCKED');
      }
      const players = participants.filter((p) => p.kind === 'player');
      let lobbyHostId = scrim.lobbyHostId;
      if (body.lobbyHost === 'random') lobbyHostId = players.length === 10 ? pickRandom(players).userId : null;
      else if (body.lobbyHost === 'me') lobbyHostId = viewer.id;
      else if (body.lobbyHost !== 'keep') {
        if (!isParticipant(participants, body.lobbyHost))
          throw badRequest('The lobby host must be in this scrim', 'BAD_HOST');
        lobbyHostId = body.lobbyHost;
      }
      const draftSettings = await draftSettingsChange({ tx, scrim, body });
      if (resultChanged && body.teamWon) await freezePrediction({ db: tx, scrimId });
      await updateScrim({
        db: tx,
        id: scrimId,
        values: {
          title: body.title,
          region: body.region,
          gameStartTime: new Date(body.gameStartTime),
          isPrivate: body.isPrivate,
          isWithCasters: body.isWithCasters,
          maxCastersAllowedCount: castersCount(body.isWithCasters, body.maxCastersAllowedCount),
          lobbyName: body.lobbyName || body.title,
          lobbyPassword: body.lobbyPassword,
          lobbyHostId,
          ...(resultChanged && adminResult(body.teamWon, viewer.id)),
          useTournamentCode: body.useTournamentCode,
          ...(modeChanged && { mode: body.mode }),
          ...(body.checkInEnabled !== undefined && { checkInEnabled: body.checkInEnabled }),
          ...draftSettings,
          // A new start time is a new check-in: reopened, and earlier check-ins no longer count.
          ...(startChanged && { abandonedAt: null, checkInClosedAt: null, lobbyReadyAt: null }),
        },
      });
      if (startChanged) await deleteCheckIns({ db: tx, scrimId });
      // Turning the tournament code off clears it.
      if (!body.useTournamentCode) await deleteRiotTournament({ db: tx, scrimId });
      if (resultChanged) {
        await settleDispute({ db: tx, scrimId, by: viewer.id });
        await noteEvidence({ db: tx, scrimId, items: [adminEvidence(body.teamWon, viewer.id)] });
      }
      // An admin's winner is confirmed at once: the players played it.
      if (resultChanged && body.teamWon) await recordPlayed({ db: tx, scrimId, participants });
      const checkInTurnedOn = body.checkInEnabled === true && !scrim.checkInEnabled;
      return { startChanged, resultChanged, privacyChanged, checkInTurnedOn };
    },
    afterCommit: async ({ resultChanged, privacyChanged }) => {
      if (resultChanged || privacyChanged) await syncScrimRatings({ db: deps.db, scrimId, rules: deps.ratingRules });
    },
  });
  const { scrim } = result.aggregate;
  // A new start time moves the start job (and re-arms one that fired); otherwise a fired one stays fired, and
  // a scrim that started before it had a start job is not notified late.
  if (result.value.startChanged || scrim.gameStartTime.getTime() > Date.now()) {
    await scheduleScrimStart({
      db: deps.db,
      jobs: deps.jobs,
      scrimId,
      gameStartTime: scrim.gameStartTime,
      ifCompleted: result.value.startChanged ? 'replace' : 'keep',
    });
  }
  // Check-in turned on again with the same start: its steps that ran as no-ops are re-armed.
  if (result.value.checkInTurnedOn && !result.value.startChanged && scrim.gameStartTime.getTime() > Date.now()) {
    await scheduleScrimCheckIn({ db: deps.db, scrimId, gameStartTime: scrim.gameStartTime });
    deps.jobs?.wake();
  }
  // Saved after the start with full teams, the option on and no code: generate it now.
  if (needsTournamentCode(result.aggregate)) await deps.lifecycle.emit('needsTournamentCode', { scrimId });
  return result;
}

export async function removeScrim({ deps, scrimId }: { deps: ScrimDeps; scrimId: string }) {
  const aggregate = await findScrimAggregate({ db: deps.db, id: scrimId });
  // A series' games are its record (scores, ratings, reliability): they go only with the series.
  if (aggregate?.scrim.seriesGame) throw conflict(SCRIM_MESSAGES.seriesGameEnds, 'SERIES_GAME');
  // A rated result is reversed first (the later results replayed), in the deletion's transaction.
  const deleted =
    aggregate && (await unrateScrim({ db: deps.db, scrimId, then: (tx) => deleteScrim({ db: tx, id: scrimId }) }));
  if (!deleted) throw scrimNotFound();
  await cancelScrimJobs({ db: deps.db, scrimId });
  await deps.lifecycle.emit('deleted', { scrimId });
  deps.listCache.remove(scrimId);
  emitToOtherInstances(deps.io, SCRIM_CHANGED_EVENT, scrimId);
  publishScrimDeleted({ io: deps.io, scrimId, region: aggregate.scrim.region });
}
