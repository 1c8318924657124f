import { parallelLikeTests } from './parallel-likes.shared';

// The parallel-like logic on the embedded database (PGlite); parallel-likes.pg.test.ts runs the
// same tests on real PostgreSQL, where transactions truly overlap.
parallelLikeTests('PGlite (or the TEST_DB of this run)');
