// The API suite on PostgreSQL with several clusters (`with-postgres.ts --clusters N`): each test
// worker takes a cluster of its own. The databases of one cluster share its transaction ids, so a
// transaction open in one test's database holds back what sync_pull hands out in every other
// (docs/data-api.md, "PostgreSQL and the benchmark"); apart, test files cannot disturb each other.
const urls = (process.env.TEST_DATABASE_URLS ?? '').split(',').filter(Boolean);
if (urls.length > 1) {
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const index = ((Number.isInteger(worker) && worker > 0 ? worker : 1) - 1) % urls.length;
  process.env.TEST_DATABASE_URL = urls[index];
}
