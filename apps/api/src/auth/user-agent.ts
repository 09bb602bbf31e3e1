import Bowser, { type OSDetails } from 'bowser';

/** What a session list shows of the device: e.g. "Chrome 131" on "Windows 10"; '' when unknown. */
export type Device = { browser: string; os: string };

// A real user agent is a few hundred characters; a longer one is cut before parsing, so a
// crafted header (Node allows 16 KB) costs the parser's expressions no more than a normal one.
const MAX_USER_AGENT = 512;
const MAX_LABEL = 60;

const major = (version: string | undefined) => version?.split('.')[0] ?? '';
const label = (...parts: (string | undefined)[]) =>
  parts
    .filter((part) => part)
    .join(' ')
    .slice(0, MAX_LABEL);

/** The browser and system a `User-Agent` header names, as read once at sign-in. */
export function deviceOf(userAgent: string | undefined): Device {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT).trim();
  // Bowser refuses an empty string; a client that sends none is simply unknown.
  if (!ua) return { browser: '', os: '' };
  const { browser, os } = Bowser.parse(ua);
  return {
    browser: label(browser.name, major(browser.version)),
    os: label(os.name, osVersion(os)),
  };
}

/**
 * Windows by its marketing name (NT 10.0 → "10"); macOS without one, since browsers freeze it
 * at 10.15.7 whatever the real version; the others by their major version ("Android 14").
 */
function osVersion(os: OSDetails): string {
  if (os.name === 'Windows') return os.versionName ?? '';
  if (os.name === 'macOS') return '';
  return major(os.version);
}
