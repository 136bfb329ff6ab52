import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { HandlerTracker } from './plugins/in-flight.ts';
import { ConfigError, loadConfig } from './config.ts';
import { API_ROOT, COMPILED } from './paths.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { createDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { SecretsRepository } from './secrets.repository.ts';
import { loadOrCreateJwtSecret } from './secrets.ts';

const DATABASE_NAME = 'syllabot';
const webDist = path.resolve(API_ROOT, '../web/dist');

async function main() {
  // A .env file in the working directory is read when present; real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  const dataDir = path.resolve(config.dataDir);

  let embedded: EmbeddedPostgres | undefined;
  if (!config.databaseUrl) {
    logger.info({ dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      log: (line) => logger.debug({ pg: line }),
    });
    await ensureDatabase(embedded, DATABASE_NAME);
    logger.info(
      { port: embedded.port, version: embedded.version },
      `embedded PostgreSQL ${embedded.version} on 127.0.0.1:${embedded.port} (user postgres, password in DATA_DIR/.pg-password)`,
    );
  }
  const connectionString = config.databaseUrl ?? embedded!.connectionString(DATABASE_NAME);
  const { db, pool } = createDb(connectionString, {
    max: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onError: (err) => logger.warn({ err: err.message }, 'database connection lost'),
  });
  const applied = await migrate(pool, (msg) => logger.info(msg));
  logger.info({ applied: applied.length }, 'database ready');

  const jwtSecret = await loadOrCreateJwtSecret(
    new SecretsRepository(db),
    dataDir,
    config.jwtSecret,
  );
  const handlers = new HandlerTracker();
  const app = await buildApp({ config, db, jwtSecret, logger, webDist, handlers });

  let closingSince = 0;
  const shutdown = async (signal: string) => {
    if (closingSince) {
      // npm forwards Ctrl-C's SIGINT that the terminal already sent: only a later one forces exit
      if (Date.now() - closingSince < 1000) return;
      logger.warn('second signal: exiting now');
      process.exit(1);
    }
    closingSince = Date.now();
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took over 20 s: exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close();
      // a client that hung up leaves its handler running; let it finish with the database
      if (!(await handlers.idle(10_000))) {
        logger.warn({ running: handlers.active }, 'handlers still running after 10 s');
      }
      await db.destroy();
      await embedded?.stop();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // from the process's start: includes loading the code (and compiling it, when run from source)
  const startupMs = Math.round(performance.now());
  logger.info(
    { startupMs, compiled: COMPILED },
    `Syllabot is serving on ${config.publicUrl} (listening on ${config.host}:${config.port}), started in ${startupMs} ms`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
