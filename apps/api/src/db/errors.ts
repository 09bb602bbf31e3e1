/**
 * A unique-index violation. MongoDB says code 11000; FerretDB 1.x says 11000 on inserts but
 * code 1 "UNIQUE constraint failed" when an update collides, and never sets keyPattern.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === 11000 ||
    (code === 1 && typeof message === 'string' && message.includes('UNIQUE constraint failed'))
  );
}

/** "This server does not implement that index option" (FerretDB: TTL, partial, collation). */
export function isNotImplementedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 238;
}
