import {
  API_MESSAGES,
  APP_LABELS,
  CREATE_REQUEST_MESSAGES,
  LOGIN_MESSAGES,
  REQUEST_MESSAGES,
  SESSION_MESSAGES,
  USER_MESSAGES,
} from '@crm/shared';

/**
 * The product speaks Spanish (`<html lang="es">`); the spec fixes some of its words in English.
 * Those carry `lang="en"` where they render, so screen readers pronounce them right. The words
 * themselves live in @crm/shared's catalogues (docs/web.md "Words").
 */
export const EN = { lang: 'en' } as const;

/** Messages of the catalogue the spec (or the API, §8 "not shown") words in English. */
const SPANISH_MESSAGES: readonly string[] = [
  LOGIN_MESSAGES.captchaRequired,
  SESSION_MESSAGES.userDataFailed,
  USER_MESSAGES.created,
  USER_MESSAGES.createFailed,
];
const ENGLISH_MESSAGES: ReadonlySet<string> = new Set<string>(
  [
    ...Object.values(LOGIN_MESSAGES),
    ...Object.values(CREATE_REQUEST_MESSAGES),
    ...Object.values(SESSION_MESSAGES),
    ...Object.values(REQUEST_MESSAGES),
    ...Object.values(USER_MESSAGES),
    ...Object.values(API_MESSAGES),
    APP_LABELS.loading,
  ]
    // Messages with a parameter (functions) are left out.
    .filter((message): message is Extract<typeof message, string> => typeof message === 'string')
    .filter((message) => !SPANISH_MESSAGES.includes(message)),
);

/** `"en"` for a message the spec fixes in English, else undefined (the page's Spanish). */
export function langOf(message: string | undefined): 'en' | undefined {
  return message !== undefined && ENGLISH_MESSAGES.has(message) ? 'en' : undefined;
}
