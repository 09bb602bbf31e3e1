import {
  ACCOUNT_LIMITS,
  ACCOUNT_LINK_PATHS,
  ACCOUNT_MAIL,
  ACCOUNT_MESSAGES,
  normaliseEmail,
  TOKEN_PURPOSES,
  type TokenPurpose,
  api,
  API_MESSAGES,
  FIELD_MESSAGES,
  LOGIN_MESSAGES,
  type Role,
} from '@crm/shared';
import { type StoredUser, SOLVED_CAPTCHA, db, addUser } from './db';
import { Failure, fail, emailTaken, fake, wrongCurrentPassword } from './http';
import { savePreferences, calendarSecret } from './preferences';
import { sessionsOf } from './sessions';

// One-time links, the mail server and invitations (account- and invitations-endpoints, and
// profile's email change), and what a password change ends.

/**
 * Ends the user's sessions but `exceptToken`'s (their tokens get 401 from now on), and their
 * calendar feed (issue 32), as auth/sessions.ts does.
 */
export function endSessions(userId: string, exceptToken?: string) {
  for (const session of sessionsOf(userId)) {
    if (session.token !== exceptToken) db.revokedTokens.add(session.token);
  }
  savePreferences(userId, { calendarFeed: false });
}

/** Pending email changes, by user id (the link's new address). */
export const pendingEmails = new Map<string, string>();

// Forgotten passwords, one-time links and invitations (issue 23), as the API's account and
// invitation services answer. The mail server: `accountMail.smtp` (on by default, as in the API's
// contract tests, whose SMTP server captures the mails); each mail is recorded with its link, and
// lastLink(email) reads the newest, as a person would from their inbox. With it off, as a server
// without SMTP_URL: nothing is mailed, an invitation answers its link, an email change is 503.
// Tokens are kept as they are (the API keeps their hash), one per user and purpose.
type AccountMail = { to: string; subject: string; text: string; link?: string };
type AccountToken = {
  userId: string;
  purpose: TokenPurpose;
  newEmail?: string;
  expiresAt: number;
};
export const accountMail = { smtp: true, sent: [] as AccountMail[] };
const accountTokens = new Map<string, AccountToken>();
const emailCounters = new Map<string, { count: number; endsAt: number }>();
const ACCOUNT_TOKEN_MS: Record<TokenPurpose, number> = {
  reset: ACCOUNT_LIMITS.resetTokenMs,
  invite: ACCOUNT_LIMITS.inviteTokenMs,
  email: ACCOUNT_LIMITS.emailTokenMs,
};
const EMAIL_WINDOW_MS = 60 * 60_000;

/** Back to a mail server with no mail, no link and no count (resetDb, between tests). */
export function resetAccountFake() {
  accountMail.smtp = true;
  accountMail.sent = [];
  accountTokens.clear();
  emailCounters.clear();
}

/** The newest one-time link mailed to `email`, or undefined. */
export const lastLink = (email: string) =>
  accountMail.sent.findLast((mail) => mail.to === normaliseEmail(email) && mail.link)?.link;

/** The token of a link (its `?token=`), e.g. to open its page in a test. */
export const tokenOfLink = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** A new token of `purpose` for the user: the older one of that purpose stops working. */
export function issueAccountToken(
  origin: string,
  userId: string,
  purpose: TokenPurpose,
  newEmail?: string,
) {
  for (const [token, stored] of accountTokens) {
    if (stored.userId === userId && stored.purpose === purpose) accountTokens.delete(token);
  }
  const token = calendarSecret();
  const expiresAt = Date.now() + ACCOUNT_TOKEN_MS[purpose];
  accountTokens.set(token, { userId, purpose, ...(newEmail && { newEmail }), expiresAt });
  return `${origin}${ACCOUNT_LINK_PATHS[purpose]}?token=${token}`;
}

/** After any password change: the user's reset and invitation links end, nothing is pending. */
export function endPasswordTokens(user: StoredUser) {
  for (const [token, stored] of accountTokens) {
    if (stored.userId === user._id && stored.purpose !== 'email') accountTokens.delete(token);
  }
  delete user.invitationPending;
}

const tokenInvalid = () =>
  fail(400, ACCOUNT_MESSAGES.tokenInvalid, [
    { path: 'token', message: ACCOUNT_MESSAGES.tokenInvalid },
  ]);

/** The live token and its user; `use` spends it. A failure is one answer, whatever the cause. */
function accountTokenOf(token: string, purposes: readonly TokenPurpose[], use: boolean) {
  const stored = accountTokens.get(token);
  if (!stored || !purposes.includes(stored.purpose) || stored.expiresAt <= Date.now()) {
    return tokenInvalid();
  }
  if (use) accountTokens.delete(token);
  const user = db.users.find((u) => u._id === stored.userId);
  return user ? { ...stored, user } : tokenInvalid();
}

/** One email under each limit (`key` → its most per hour), or a 429 that counts none of them. */
function reserveEmails(limits: [key: string, max: number][]) {
  const now = Date.now();
  const counters = limits.map(([key]) => {
    const live = emailCounters.get(key);
    return live && live.endsAt > now ? live : { count: 0, endsAt: now + EMAIL_WINDOW_MS };
  });
  const waits = limits.flatMap(([, max], at) =>
    (counters[at]?.count ?? 0) >= max ? [(counters[at]?.endsAt ?? now) - now] : [],
  );
  if (waits.length > 0) {
    const minutes = Math.ceil(Math.max(1000, ...waits) / 60_000);
    return fail(429, ACCOUNT_MESSAGES.tooManyEmails(minutes));
  }
  limits.forEach(([key], at) => {
    const counter = counters[at];
    if (counter) emailCounters.set(key, { ...counter, count: counter.count + 1 });
  });
  return undefined;
}

const originOf = (request: globalThis.Request) => new URL(request.url).origin;

/** Mails the invitation, or without a mail server answers its link once. */
function deliverInvitation(user: StoredUser, request: globalThis.Request) {
  const link = issueAccountToken(originOf(request), user._id, 'invite');
  if (!accountMail.smtp) {
    return { message: ACCOUNT_MESSAGES.invitationLinkOnce, userId: user._id, link };
  }
  accountMail.sent.push({
    to: user.email,
    subject: ACCOUNT_MAIL.inviteSubject,
    text: ACCOUNT_MAIL.inviteText(user.name, link),
    link,
  });
  return { message: ACCOUNT_MESSAGES.invitationSent(user.email), userId: user._id };
}

/** Seeds a user invited and not yet accepted (no password of their own). */
export const addInvitedUser = (overrides: Partial<StoredUser> & { role: Role }) =>
  addUser({ password: calendarSecret(), invitationPending: true, ...overrides });

export const accountRoutes = [
  fake(api.account.forgotPassword, ({ input, request }) => {
    if (input.body.altcha !== SOLVED_CAPTCHA) {
      return fail(400, LOGIN_MESSAGES.captchaRequired, [
        { path: 'altcha', message: LOGIN_MESSAGES.captchaRequired },
      ]);
    }
    const email = normaliseEmail(input.body.email);
    // Counted by the address typed, known or not, and by the client (the fake has one).
    const refused = reserveEmails([
      [`reset-email:${email}`, ACCOUNT_LIMITS.resetPerEmailPerHour],
      ['reset-client', ACCOUNT_LIMITS.resetPerClientPerHour],
    ]);
    if (refused) return refused;
    const user = db.users.find((u) => u.email === email);
    if (user && accountMail.smtp) {
      const link = issueAccountToken(originOf(request), user._id, 'reset');
      accountMail.sent.push({
        to: user.email,
        subject: ACCOUNT_MAIL.resetSubject,
        text: ACCOUNT_MAIL.resetText(user.name, link),
        link,
      });
    }
    return { message: ACCOUNT_MESSAGES.forgotSent };
  }),

  fake(api.account.tokenStatus, ({ input }) => {
    const found = accountTokenOf(input.body.token, TOKEN_PURPOSES, false);
    if (found instanceof Failure) return found;
    const email = found.purpose === 'email' ? (found.newEmail ?? '') : found.user.email;
    return { purpose: found.purpose, email, name: found.user.name };
  }),

  fake(api.account.setPassword, ({ input }) => {
    const found = accountTokenOf(input.body.token, ['reset', 'invite'], true);
    if (found instanceof Failure) return found;
    found.user.password = input.body.password;
    endPasswordTokens(found.user);
    endSessions(found.user._id);
    return {
      message:
        found.purpose === 'invite'
          ? ACCOUNT_MESSAGES.invitationAccepted
          : ACCOUNT_MESSAGES.passwordReset,
    };
  }),

  fake(api.account.confirmEmail, ({ input }) => {
    const found = accountTokenOf(input.body.token, ['email'], true);
    if (found instanceof Failure) return found;
    const email = normaliseEmail(found.newEmail ?? '');
    pendingEmails.delete(found.user._id);
    if (db.users.some((u) => u.email === email && u !== found.user)) {
      return fail(409, API_MESSAGES.emailTaken, [
        { path: 'email', message: FIELD_MESSAGES.emailTaken },
      ]);
    }
    found.user.email = email;
    return { message: ACCOUNT_MESSAGES.emailChanged };
  }),

  fake(api.profile.changeEmail, ({ input, user, request }) => {
    if (!accountMail.smtp) return fail(503, ACCOUNT_MESSAGES.mailUnavailable);
    if (input.body.currentPassword !== user.password) return wrongCurrentPassword();
    const newEmail = normaliseEmail(input.body.newEmail);
    if (newEmail === user.email) {
      return fail(400, ACCOUNT_MESSAGES.sameEmail, [
        { path: 'newEmail', message: ACCOUNT_MESSAGES.sameEmail },
      ]);
    }
    if (db.users.some((u) => u.email === newEmail)) {
      return fail(409, API_MESSAGES.emailTaken, [
        { path: 'newEmail', message: FIELD_MESSAGES.emailTaken },
      ]);
    }
    const refused = reserveEmails([
      [`email-change:${user._id}`, ACCOUNT_LIMITS.emailChangePerUserPerHour],
    ]);
    if (refused) return refused;
    const link = issueAccountToken(originOf(request), user._id, 'email', newEmail);
    pendingEmails.set(user._id, newEmail);
    accountMail.sent.push({
      to: newEmail,
      subject: ACCOUNT_MAIL.emailChangeSubject,
      text: ACCOUNT_MAIL.emailChangeText(user.name, link),
      link,
    });
    return { message: ACCOUNT_MESSAGES.emailChangeSent(newEmail) };
  }),

  fake(api.invitations.invite, ({ input, request }) => {
    const email = normaliseEmail(input.body.email);
    const refused = reserveEmails([[`invite:${email}`, ACCOUNT_LIMITS.invitePerEmailPerHour]]);
    if (refused) return refused;
    if (db.users.some((u) => u.email === email)) return emailTaken();
    const user = addInvitedUser({ ...input.body, email, photo: '' });
    return deliverInvitation(user, request);
  }),

  fake(api.invitations.resend, ({ input, request }) => {
    const user = db.users.find((u) => u._id === input.params.id);
    if (!user) return fail(404, API_MESSAGES.userNotFound);
    if (!user.invitationPending) return fail(409, ACCOUNT_MESSAGES.invitationAlreadyAccepted);
    const refused = reserveEmails([[`invite:${user.email}`, ACCOUNT_LIMITS.invitePerEmailPerHour]]);
    return refused ?? deliverInvitation(user, request);
  }),
];
