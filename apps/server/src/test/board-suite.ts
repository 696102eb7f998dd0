import { afterAll, beforeAll } from 'vitest';
import type { Region } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from './app.js';
import { boardApi } from './board-api.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from './factories.js';
import { callApi } from './social.js';
import { teamApi, teamBody } from './team-api.js';

export interface BoardSuite {
  ctx: TestContext;
  api: ReturnType<typeof boardApi>;
  teams: ReturnType<typeof teamApi>;
  admin: TestUser;
  banned: TestUser;
  db: () => TestContext['database']['db'];
  /** A team of a fresh captain (its owner) and a member who does not captain it, both of `rank`. */
  newTeam: (
    overrides?: Parameters<typeof teamBody>[0],
    rank?: string,
  ) => Promise<{ id: string; name: string; captain: TestUser; member: TestUser }>;
}

/**
 * The prologue of the board's suites: one app for the file, the board and teams APIs on it, an admin and a banned
 * user, made before the file's tests and closed after them. Read the fields inside tests and hooks: they are set
 * in `beforeAll`.
 */
export function boardSuite(): BoardSuite {
  const suite = {
    db: () => suite.ctx.database.db,
    async newTeam(overrides = {}, rank = 'Gold 2') {
      const region: Region = overrides.region ?? 'NA';
      const [captain, member] = await Promise.all([
        createUser({ db: suite.db(), rank, region }),
        createUser({ db: suite.db(), rank, region }),
      ]);
      const team = await suite.teams.createOk(captain, teamBody(overrides));
      await suite.teams.joinOk(team._id, captain, member);
      return { id: team._id, name: team.name, captain, member };
    },
  } as BoardSuite;
  beforeAll(async () => {
    suite.ctx = await createTestApp();
    suite.api = boardApi(callApi(suite.ctx.app));
    suite.teams = teamApi(callApi(suite.ctx.app));
    [suite.admin, suite.banned] = await Promise.all([
      createAdmin({ db: suite.ctx.database.db }),
      createBannedUser({ db: suite.ctx.database.db }),
    ]);
  });
  afterAll(async () => suite.ctx?.close());
  return suite;
}
