import type { Readable } from 'node:stream';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { AuditAction, AuditDetails, AuditTargetKind, Role } from '@crm/shared';
import type { AppConfig } from './config/env.js';
import type { LockModel } from './db/lock.js';
import type { AccessGuards } from './http/endpoint.js';

/**
 * The models on the app's connection, by name. This file knows no feature: each feature adds
 * its own models here beside their schemas (`declare module '../context.js' { interface Models
 * { … } }`, see users/user.model.ts) and app-context.ts registers them, checked against this
 * list by the compiler. An interface because only interfaces merge across files.
 */
export interface Models {
  Lock: LockModel;
}

/** What a feature says of an action it records in the audit log (issue 32). */
export type AuditRecord = {
  action: AuditAction;
  /**
   * Who acted: a user, or the address a failed sign-in tried. Unset: the signed-in caller of
   * the current call (nobody outside one).
   */
  actor?: { userId: string } | { email: string };
  /** What it acted on; a user's label is read when not given (give it when the user is gone). */
  target?: { kind: AuditTargetKind; id: string; label?: string };
  details?: AuditDetails;
  /** Requests this action deleted (the mass-deletion alert counts them). */
  deleted?: number;
  /** Where from, when not the current call's client. */
  from?: { ip?: string; userAgent?: string };
};

/**
 * The audit log as features see it: `record` returns at once and never throws (audit/record.ts).
 * On the context, like `access`, so that audit/, which uses other features, is imported by none.
 */
export type AuditRecorder = { record(entry: AuditRecord): void };

/** A user as other features list them (issue 34). */
export type UserCard = { id: string; name: string; lastName: string; email: string; role: Role };

/** A user with their bcrypt hash: only auth/'s password checks read it. */
export type UserWithPassword = UserCard & { passwordHash: string };

/** What a session's calls need of its user, read with each call (auth/). */
export type SessionUser = { id: string; role: Role; timeZone: string | null };

/** A user as Perfil shows them: their card and photo URL ('' for none). */
export type UserProfile = UserCard & { photo: string };

/** An invited user's card, and whether they still have to set their password. */
export type InvitedUser = { id: string; name: string; email: string; invitationPending: boolean };

/**
 * What other features read and write of the users, supplied by users/ (see app-context.ts): the
 * users are that feature's data (docs/api.md), and users/ itself uses features (requests/, auth/,
 * account/, profile/, ...), which therefore reach it here rather than by import. Each call is one
 * read or one write, whatever the number of users asked: never one per user or per row.
 */
export type UserDirectory = {
  /** Whether a user with this id exists (an id that is no ObjectId is nobody). */
  exists(id: string): Promise<boolean>;
  /** "Name LastName" of each of these users that exists, by id. */
  namesByIds(ids: readonly string[]): Promise<Map<string, string>>;
  /** Every user. */
  all(): Promise<UserCard[]>;
  /** One user, or null (an id that is no ObjectId is nobody). */
  byId(id: string): Promise<UserCard | null>;
  /** The users with this role (the system admins an alert mails). */
  withRole(role: Role): Promise<UserCard[]>;
  /** The user with this (normalised) email, or null. */
  byEmail(email: string): Promise<UserCard | null>;
  /** Whether some user has this (normalised) email. */
  emailTaken(email: string): Promise<boolean>;

  // What auth/, account/ and profile/ read and write of a user's own record (issue 34). Each is
  // one read or one write; an update answers whether the user was there (matched).

  /** Sign-in: the user with this email, with their password's hash, or null. */
  withPasswordByEmail(email: string): Promise<UserWithPassword | null>;
  /** A current-password check: the user, with their password's hash, or null. */
  withPasswordById(id: string): Promise<UserWithPassword | null>;
  /** A session's user: role and preferred zone, or null when gone. */
  forSession(id: string): Promise<SessionUser | null>;
  /** Perfil's view of the user, or null. */
  profileOf(id: string): Promise<UserProfile | null>;
  /** An invitation's user, or null. */
  invitedById(id: string): Promise<InvitedUser | null>;
  /**
   * A new invited user (`invitationPending`, no photo), with a hash of a password nobody knows.
   * A taken email throws the database's duplicate-key error.
   */
  createInvited(user: Omit<UserCard, 'id'> & { passwordHash: string }): Promise<UserCard>;
  /**
   * A new password's hash; `acceptInvitation`: in the same write, no invitation is pending any
   * more (a reset or invitation link).
   */
  setPasswordHash(
    id: string,
    passwordHash: string,
    options?: { acceptInvitation?: boolean },
  ): Promise<boolean>;
  /** No invitation is pending any more (after any password change). */
  endInvitation(id: string): Promise<void>;
  /** A confirmed new email; one another user has throws the database's duplicate-key error. */
  setEmail(id: string, email: string): Promise<boolean>;
  /** Perfil's name and last name. */
  setName(id: string, name: { name: string; lastName: string }): Promise<boolean>;
  /** The user's photo URL as stored (absent, null or ''), or null when there is no such user. */
  photoOf(id: string): Promise<{ photo?: string | null } | null>;
  /**
   * Sets the photo URL only while the stored one is still `from` (a compare-and-set: of two
   * changes at once one wins); false when it was not (or the user is gone).
   */
  swapPhoto(id: string, from: string | null, to: string): Promise<boolean>;
  /** The calendar feed's secret ends (the user makes a new address in Perfil). */
  endCalendarFeed(id: string): Promise<void>;
};

/**
 * The app's one clock (issue 34): every "now" a service or route reads is `ctx.clock.now()`, so a
 * test moves time for its whole app at once (`vi.spyOn(t.ctx.clock, 'now')`). What reads time
 * without a context (schema defaults, db/'s locks and process lease, timers) is listed in
 * docs/api.md ("Time").
 */
export type Clock = { now(): Date };

/** What every route and service gets: config, the models on one connection, a logger, the clock. */
export type AppContext = {
  config: AppConfig & { jwtSecret: string };
  connection: Connection;
  models: Models;
  logger: Logger;
  /** Every "now" of the app's services and routes (Clock above); tests move it (vi.spyOn). */
  clock: Clock;
  /** The checks routes declare (`access`), supplied by auth/ (see app-context.ts). */
  access: AccessGuards;
  /** Records an action in the audit log, supplied by audit/ (see app-context.ts). */
  audit: AuditRecorder;
  /** What features read and write of the users, supplied by users/ (see app-context.ts). */
  users: UserDirectory;
  /** What other features keep of a request outside its document (see RequestData). */
  requestData: RequestData;
  /** The bytes of the files a request's mail carries, supplied by files/ (see MailFiles). */
  mailFiles: MailFiles;
};

/**
 * The files a mail of the outbox carries (issue 35), supplied by files/ (see app-context.ts):
 * mail/ reads them at each try without knowing the feature (mail/ imports none).
 */
export type MailFiles = {
  /** The files still there of these ids, in this order, their bytes as streams. */
  open(
    fileIds: readonly string[],
  ): Promise<{ filename: string; contentType: string; content: Readable }[]>;
};

/**
 * What features keep of a request outside its document (issue 35: its mails), supplied by them
 * (see app-context.ts): requests/ calls it when it deletes a request, without knowing them.
 */
export type RequestData = {
  /** The request is deleted: what belongs to it goes too. */
  forget(requestId: string): Promise<void>;
};
