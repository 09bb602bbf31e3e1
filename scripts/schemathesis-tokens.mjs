// Signs in as the admin (solving the real ALTCHA challenge), makes a vendor (or finds it made)
// and signs in as it; prints ADMIN_TOKEN=… and VENDOR_TOKEN=… for scripts/schemathesis.sh.
// Run from apps/api, where altcha-lib resolves: node --input-type=module - <base> <email> <password>
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

const [base, email, password] = process.argv.slice(2);

async function captcha() {
  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function login(user, secret) {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user, password: secret, altcha: await captcha() }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`login ${res.status} ${body.message}`);
  return body.token;
}

const admin = await login(email, password);
const vendor = {
  name: 'Vera',
  lastName: 'Vendedora',
  email: 'vera@crm.test',
  password: 'Vendedora.123',
  role: 'vendor',
  photo: '',
};
const made = await fetch(`${base}/api/user/create`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
  body: JSON.stringify(vendor),
});
if (!made.ok && made.status !== 409) throw new Error(`create vendor ${made.status}`);
const vendorToken = await login(vendor.email, vendor.password);
console.log(`ADMIN_TOKEN=${admin}\nVENDOR_TOKEN=${vendorToken}`);
