import { spawnSync } from 'node:child_process';
import { startThrowawayPostgres } from './throwaway-postgres';
import { ensureServerBuild, ensureUiBuild } from './builds';

/**
 * `npm run test:e2e`: the repository contracts on a real PostgreSQL server (a throwaway cluster,
 * or TEST_DATABASE_URL) with two stores on one database, the file storage contract on an S3 server, a stop and a database restart under load
 * (a cluster of its own), the floods (tests/bursts), then the browser tests in Debian's Chromium.
 */
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

const main = async () => {
  const given = process.env.TEST_DATABASE_URL;
  const postgres = given ? undefined : await startThrowawayPostgres();
  const url = given ?? postgres!.url;
  let failed = 0;
  try {
    console.log(`Repository contracts on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`);
    failed |= run('npx', ['jest', 'tests/contracts/(.*postgres|visits)', '--selectProjects', 'node'], {
      ...process.env,
      TEST_DATABASE_URL: url,
      NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
    });
  } finally {
    postgres?.stop();
  }
  // The file storage contract on an S3 server the suite starts (s3rver), through the real SDK over HTTP.
  console.log('File storage contract on S3 (s3rver over HTTP)');
  failed |= run('npx', ['jest', 'tests/contracts/file-storage.s3', '--selectProjects', 'node'], {
    ...process.env,
    STORE_S3_TEST: '1',
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
  });
  // A stop under load (SIGTERM to the started store), and a database restart under load on its own
  // throwaway cluster, which it stops and starts: no other suite's database goes down.
  console.log('Faults under load: a stop (SIGTERM), a database restart');
  failed |= run('npx', ['jest', 'tests/outage', '--selectProjects', 'node'], {
    ...process.env,
    STORE_OUTAGE_TEST: '1',
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
  });
  // The floods `npm test` leaves out: a minute of both cores (tests/bursts).
  console.log('Floods: 10,000 requests from one address, a hundred costly sign-ins at once');
  failed |= run('npx', ['jest', '--selectProjects', 'bursts'], {
    ...process.env,
    STORE_BURSTS_TEST: '1',
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
  });
  // Here, once: the two stores Playwright starts would otherwise both build what is stale.
  ensureUiBuild();
  ensureServerBuild();
  failed |= run('npx', ['playwright', 'test']);
  process.exit(failed ? 1 : 0);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
