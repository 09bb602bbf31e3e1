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

/**
 * What other features read of the users, supplied by users/ (see app-context.ts): the users are
 * that feature's data (docs/api.md), and users/ itself uses features (requests/, auth/, ...),
 * which therefore reach it here rather than by import. Each call is one read, whatever the
 * number of users asked: never one read per user or per row.
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
};

/** What every route and service gets: config, the models on one connection, a logger. */
export type AppContext = {
  config: AppConfig & { jwtSecret: string };
  connection: Connection;
  models: Models;
  logger: Logger;
  /** The checks routes declare (`access`), supplied by auth/ (see app-context.ts). */
  access: AccessGuards;
  /** Records an action in the audit log, supplied by audit/ (see app-context.ts). */
  audit: AuditRecorder;
  /** What features read of the users, supplied by users/ (see app-context.ts). */
  users: UserDirectory;
};
