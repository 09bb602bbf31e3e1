import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { getJson } from './http-util.js';

/** Signs in the way the browser does: captcha challenge, solve it, POST the credentials. */
export async function loginToken(
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const { body } = await getJson(`${baseUrl}/api/captcha/challenge`);
  const challenge = body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, altcha }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`login as ${email} answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { token: string }).token;
}
