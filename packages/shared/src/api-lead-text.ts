import { LEAD_UNVERIFIED_PREFIX } from './leads-text.js';

/**
 * Issue 36, a lead sent with an API token (POST /api/leads): how it is named where the form's
 * are (the request's history, a follow-up note, the admins' notice). Apart from leads-text.ts,
 * so the /form page, which shares that module with the app, carries none of it.
 */
export const API_LEAD_TEXT = {
  /** "API (Landing verano)": the request's source, with the token's source name if it has one. */
  source: (sourceName: string | null) => (sourceName ? `API (${sourceName})` : 'API'),
  /** The note on the open request of the same email, unverified as the form's. */
  followUpNote: (message: string, sourceName: string | null) =>
    `${LEAD_UNVERIFIED_PREFIX}Nuevo mensaje por ${API_LEAD_TEXT.source(sourceName)} con el mismo correo: ${message}`,
} as const;
