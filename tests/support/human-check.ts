import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * Does what the altcha widget does in a browser: solves the proof-of-work challenge and encodes the
 * payload the server expects in the X-Human-Check header (or the contact form's humanCheck field).
 */
export async function solveHumanCheck(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the human-check challenge');
  const { codeChallenge: _ignored, ...signed } = challenge;
  return Buffer.from(JSON.stringify({ challenge: signed, solution })).toString('base64');
}

/** Fetches a challenge from a running app at `baseUrl` and solves it. */
export async function humanCheckFor(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/human-check/challenge`);
  if (!response.ok) throw new Error(`challenge request failed: ${response.status}`);
  return solveHumanCheck((await response.json()) as Challenge);
}
