import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Outside production, JWT_SECRET may be left unset: a random one is kept in the data folder
 * (git-ignored), so sessions survive restarts without a secret ever being committed.
 */
export async function devJwtSecret(dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, 'jwt-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
