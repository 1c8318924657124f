/**
 * A value made the first time it is asked for, then kept; a failed attempt is forgotten, so the
 * next call tries again. The drivers use it to load their npm package (nodemailer, the AWS SDK)
 * when they are first used rather than when the server starts: a restart answers sooner
 * (docs/decisions/055).
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}
