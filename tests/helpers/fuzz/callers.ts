import { authenticateAccessToken } from '../../../src/server/modules/accounts';
import type { Role } from '../../../src/shared/contracts/accounts';
import { createUser, DEFAULT_PASSWORD, signedInUser } from '../../factories/accounts';
import type { TestApp } from '../app';
import type { KnownKind } from './schema-arbitrary';
import type { Caller } from './requests';

type Session = Awaited<ReturnType<typeof signedInUser>>;

/**
 * Who sends each request. Fuzzed calls log callers out, change their password or role (a valid
 * PATCH /users/password, POST /logout, an admin demoting a user): after any call that may have
 * changed something, the two signed-in callers are checked and replaced when their token no
 * longer works or their role moved, so later requests still exercise the signed-in paths.
 */
export class Callers {
  replaced = 0;
  private sessions!: Record<'user' | 'admin', Session>;

  private constructor(
    private readonly t: TestApp,
    /** Values that exist on the server, for generated known-value markers (see schema-arbitrary). */
    readonly known: Record<KnownKind, string[]>,
  ) {}

  static async create(t: TestApp): Promise<Callers> {
    const targets = await Promise.all(
      (['seller', 'buyer', 'both'] as const).map((accountType) =>
        signedInUser(t.deps, { accountType }),
      ),
    );
    const inactive = await createUser(t.deps, { activated: false });
    const pool = new Callers(t, {
      email: [],
      username: [],
      id: [],
      password: [DEFAULT_PASSWORD],
      refreshToken: [],
    });
    pool.sessions = {
      user: await signedInUser(t.deps),
      admin: await signedInUser(t.deps, { role: 'admin' }),
    };
    // The admin's own id is a target too: changing one's own role must be a clean 403.
    for (const u of [
      ...targets.map((s) => s.user),
      inactive.user,
      pool.sessions.user.user,
      pool.sessions.admin.user,
    ]) {
      pool.known.email.push(u.email);
      pool.known.username.push(u.username);
      pool.known.id.push(u.id);
    }
    pool.known.refreshToken.push(...targets.map((s) => s.refreshToken));
    return pool;
  }

  headersFor(caller: Caller): Record<string, string> {
    if (caller === 'anonymous') return {};
    if (caller === 'junk token')
      return { 'x-access-token': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.junk' };
    return this.sessions[caller].auth;
  }

  userId(caller: Caller): string | undefined {
    return caller === 'user' || caller === 'admin' ? this.sessions[caller].user.id : undefined;
  }

  /** Replaces a signed-in caller whose session ended or whose role is no longer its label. */
  async check(): Promise<void> {
    for (const role of ['user', 'admin'] as const satisfies Role[]) {
      const live = await authenticateAccessToken(this.t.moduleDeps(), this.sessions[role].token);
      if (live?.role === role) continue;
      this.sessions[role] = await signedInUser(this.t.deps, { role });
      this.replaced += 1;
    }
  }
}
