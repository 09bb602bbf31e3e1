// The ALTCHA widget (`<altcha-widget>`) with its Spanish text, for /login, the account pages and
// /form, loaded once their form shows. The `external` build: its stylesheet a CSS file rather
// than a string in the JavaScript, and only the worker the API's challenges need (PBKDF2/SHA-256,
// apps/api/src/captcha/captcha.service.ts), not every algorithm's inlined: about 5 kB less
// JavaScript on /login and /form (issue 34 item 3). A challenge in another algorithm would find
// no worker: register it here along with the API's change.
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/es-es';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
