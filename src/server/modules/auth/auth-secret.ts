import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const SECRET_FILE = 'auth-secret';

/**
 * The secret that signs session cookies: `AUTH_SECRET` when set, else one generated on first start and
 * kept in the data folder (mode 0600). Several processes sharing the folder read the same file.
 */
export async function resolveAuthSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  // Written aside and then hard-linked into place: the link appears whole or not at all, and fails
  // if another process got there first, so no reader ever sees a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (secret.length < 32) {
    throw new Error(`The auth secret in ${file} is damaged (too short). Delete the file to make a new one.`);
  }
  return secret;
}
