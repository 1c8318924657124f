import { usingPostgres } from '../../helpers/database';
import { parallelLikeTests } from './parallel-likes.shared';

// Runs only in the PostgreSQL pass (TEST_DB=postgres): a pool of connections, so the likes race.
if (!usingPostgres) throw new Error('parallel-likes.pg.test.ts needs TEST_DB=postgres');
parallelLikeTests('PostgreSQL');
