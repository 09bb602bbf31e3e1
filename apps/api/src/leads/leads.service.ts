import { Types } from 'mongoose';
import {
  API_LEAD_TEXT,
  encodeBoardCursor,
  FIELD_MAX_LENGTH,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  normaliseEmail,
  notesSchema,
  RECENT_LEADS_LIMIT,
  type ApiLeadBody,
  type BoardCursor,
  type CreateRequestBody,
  type PublicLeadBody,
  type PublicLeadResponse,
  type RecentLeads,
  type Request,
} from '@crm/shared';
import { verifyCaptcha } from '../captcha/index.js';
import type { AppContext } from '../context.js';
import { setExpiring } from '../db/expiring-counter.js';
import { AppError } from '../http/app-error.js';
import {
  changeNotes,
  createRequest,
  historyEntry,
  websiteRequestsAfter,
} from '../requests/index.js';
import { sendLeadMails } from './lead-mail.js';
import { reserveAddressSlot, reserveSharedSlot } from './lead-rate-limit.js';

/**
 * The form's one answer: the same for a new request, a follow-up note and a caught bot, so the
 * answer tells no one whether an email has an open request, nor its number (issue 18). The
 * number goes to the address's owner, in the confirmation email.
 */
export const RECEIVED: PublicLeadResponse = { message: LEAD_MESSAGES.success };

/**
 * Where a lead came from: the website form, or (issue 36) another site or tool with an API
 * token, whose owner and source name the request's history keeps.
 */
export type LeadOrigin =
  { via: 'website' } | { via: 'api'; ownerId: string; sourceName: string | null };

const WEBSITE: LeadOrigin = { via: 'website' };

/**
 * POST /api/form-contact/create, the website form (issue 13), as one story: the captcha (accepted
 * once), then the address's limit (only captcha-verified submissions count), then the honeypot
 * (no shared capacity, nothing stored, no mail), then the shared limit, then the request (or an
 * unverified note on the same email's open one), and only then the emails, which never hold the
 * answer up nor lose the request when they fail.
 */
export async function submitLead(
  ctx: AppContext,
  body: PublicLeadBody,
  ip: string,
): Promise<PublicLeadResponse> {
  await verifyCaptcha(ctx, body.altcha);
  await reserveAddressSlot(ctx, ip);
  if (isFilled(body[LEAD_HONEYPOT_FIELD])) {
    ctx.logger.info('website form: honeypot filled, nothing stored');
    return RECEIVED;
  }
  await reserveSharedSlot(ctx, ip);
  await takeLead(ctx, body, WEBSITE);
  return RECEIVED;
}

/**
 * A lead past its gate (the form's captcha and limits, or an API token's): a new request, or an
 * unverified note on the same email's open one, and only then the emails, which never hold the
 * answer up nor lose the request when they fail.
 */
export async function takeLead(
  ctx: AppContext,
  fields: ApiLeadBody,
  origin: LeadOrigin,
): Promise<void> {
  const followedUp = await addToOpenRequest(ctx, fields, origin);
  const request = followedUp ?? (await createLeadRequest(ctx, fields, origin));
  if (!followedUp) await rememberLead(ctx, request);
  const requestNumber = request.requestNumber ?? 0;
  void sendLeadMails(
    ctx,
    {
      ...request,
      requestNumber,
      message: fields.message,
      ...(origin.via === 'api' && { viaApi: { source: API_LEAD_TEXT.source(origin.sourceName) } }),
    },
    !!followedUp,
  );
}

const isFilled = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && value !== false;

/**
 * A request as Create Request makes it (next number, "new request", the server defaults), from
 * the website or, with the token's owner and source name in its first history entry, the API:
 * createRequest stores every field it is given over the defaults.
 */
function createLeadRequest(
  ctx: AppContext,
  body: ApiLeadBody,
  origin: LeadOrigin,
): Promise<Request> {
  const fields: CreateRequestBody &
    Pick<Request, 'company' | 'jobPosition' | 'contactNumber' | 'sourceOfContact'> = {
    name: body.name,
    email: body.email,
    requestType: body.requestType,
    message: body.message,
    company: body.company,
    jobPosition: body.jobPosition,
    contactNumber: body.contactNumber,
    sourceOfContact: origin.via,
  };
  if (origin.via === 'website') {
    return createRequest(ctx, fields, { userId: null, type: 'request.lead' });
  }
  const received = historyEntry(
    ctx.clock.now(),
    origin.ownerId,
    'apiLead',
    null,
    origin.sourceName,
  );
  return createRequest(ctx, fields, {
    userId: origin.ownerId,
    type: 'request.lead',
    entries: [received],
  });
}

/**
 * Remembers the request for its email until the duplicate window ends. Two first submissions of
 * one email at once: one is remembered; both requests stand.
 */
export async function rememberLead(ctx: AppContext, request: Request): Promise<void> {
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.config.leads.duplicateWindowMs);
  await setExpiring(ctx.models.RecentLead, normaliseEmail(request.email), {
    request: new Types.ObjectId(request._id),
    expiresAt,
  });
}

/** The request of this email's last lead, while the duplicate window lasts. */
export async function recentLeadOf(
  ctx: AppContext,
  email: string,
): Promise<Types.ObjectId | undefined> {
  const recent = await ctx.models.RecentLead.findOne({
    _id: normaliseEmail(email),
    expiresAt: { $gt: ctx.clock.now() },
  }).lean<{ request: Types.ObjectId }>();
  return recent?.request;
}

/**
 * The same email again within the window: the message becomes a note at the top of that
 * request's notes (§2's order), recorded in its history as the customer's (no author), as long
 * as the request is still open (not "closed") and its notes can take it. Otherwise undefined,
 * and the submission becomes a new request. Anyone may type someone's email, into our form or
 * another site's, so the note starts with LEAD_UNVERIFIED_PREFIX (LEAD_MESSAGES.followUpNote;
 * API_LEAD_TEXT's names the API and the token's source) and nothing else of the request
 * changes; the answer is the one a new request gets.
 */
async function addToOpenRequest(
  ctx: AppContext,
  body: ApiLeadBody,
  origin: LeadOrigin,
): Promise<Request | undefined> {
  const recent = await recentLeadOf(ctx, body.email);
  if (!recent) return undefined;
  const text =
    origin.via === 'api'
      ? API_LEAD_TEXT.followUpNote(body.message, origin.sourceName)
      : LEAD_MESSAGES.followUpNote(body.message);
  const note = text.slice(0, FIELD_MAX_LENGTH.note);
  try {
    // On top of the notes (§2's order), unless the request was closed or its notes are full.
    return await changeNotes(ctx, recent.toHexString(), (stored) => {
      const notes = [note, ...stored.notes];
      if (stored.status === 'closed' || !notesSchema.safeParse(notes).success) return undefined;
      return { notes, entry: historyEntry(ctx.clock.now(), null, 'note', null, note) };
    });
  } catch (error) {
    // Deleted meanwhile: the submission becomes a new request.
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

const ZERO_ID = '0'.repeat(24);

/**
 * GET /api/form-contact/website/recent: website requests in "new request" created after
 * `after`, oldest first, at most RECENT_LEADS_LIMIT. One range of the { status, createdAt, _id }
 * index from the position on (read ascending), whatever the number of requests; the source is
 * checked on the few documents in that range. Without `after`: the position of now.
 */
export async function recentLeads(
  ctx: AppContext,
  after: BoardCursor | undefined,
): Promise<RecentLeads> {
  const { pollAfterMs } = ctx.config.leads;
  if (!after) {
    const now = { createdAt: ctx.clock.now().toISOString(), _id: ZERO_ID };
    return { items: [], cursor: encodeBoardCursor(now), pollAfterMs };
  }
  const items = await websiteRequestsAfter(
    ctx,
    { createdAt: new Date(after.createdAt), _id: after._id },
    RECENT_LEADS_LIMIT,
  );
  const last = items.at(-1);
  return {
    items,
    cursor: last ? encodeBoardCursor(last) : encodeBoardCursor(after),
    pollAfterMs,
  };
}
