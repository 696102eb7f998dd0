import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { backfillLookalikeKeys } from './db/backfill-lookalike-keys.js';
import { openDatabase } from './db/client.js';
import { seedDemoCommunity, type SeededDemo } from './db/seed.js';
import { ratingRulesFor, syncScrimRatings } from './modules/ratings/index.js';
import { storeDemoMatch } from './modules/riot/index.js';
import {
  backfillScrimAbandons,
  backfillScrimCheckIns,
  scheduleScrimAbandon,
  scheduleScrimStart,
} from './modules/scrims/index.js';
import { exitOnSignals, shutdownGracefully } from './shutdown.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // How long each start-up step took, logged once listening (bench/startup.mjs measures the whole).
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  });
  phase('openDatabase');
  await database.migrate();
  phase('migrate');
  let demo: SeededDemo | null = null;
  if (config.seedDemo) {
    demo = await seedDemoCommunity({ db: database.db, schedule: { scheduleScrimStart, scheduleScrimAbandon } });
  }
  phase('seed');

  const app = await buildApp({ config, database });
  phase('buildApp');
  // Accounts older than the look-alike keys get theirs (and clashes are logged) before the first request.
  await backfillLookalikeKeys({ db: database.db, log: app.log });
  phase('lookalikeKeys');
  // Scrims from before the abandon rule: long-past ones close, the others get their 30-minute check.
  await backfillScrimAbandons({ db: database.db });
  phase('scrimAbandons');
  // Scrims from before check-in whose close is still ahead get their check-in jobs.
  await backfillScrimCheckIns({ db: database.db });
  phase('scrimCheckIns');
  exitOnSignals((signal) => shutdownGracefully({ app, database, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, signal }));

  await app.listen({ port: config.PORT, host: config.HOST });
  phase('listen');
  app.log.info({ startupMs: phases, sinceProcessStartMs: Math.round(performance.now()) }, 'started');
  if (demo) {
    const db = database.db;
    const rules = ratingRulesFor(config);
    demo
      .rateResults({
        rate: (scrimId) => syncScrimRatings({ db, scrimId, rules }),
        storeMatch: (game) => storeDemoMatch({ db, ...game }),
      })
      .then(
        () => app.log.info('demo results rated'),
        (error: unknown) => app.log.error({ err: error }, 'could not rate the demo results'),
      );
  }
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  app.log.info(`Scrim Gym is running on http://localhost:${config.PORT} (${where})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
