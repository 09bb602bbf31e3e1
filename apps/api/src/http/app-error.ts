import type { FieldError } from '@crm/shared';
import { API_MESSAGES } from '@crm/shared';

/** The one error type services throw; the error handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** With a 409: the stored values the refused change was checked against (ErrorBody). */
    readonly current?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, message);
export const forbidden = () => new AppError(403, API_MESSAGES.forbidden);
export const unauthorized = (message: string = API_MESSAGES.authRequired) =>
  new AppError(401, message);
/** 409; `current`, when given, is what the refused change was checked against (ErrorBody). */
export const conflict = (message: string, current?: Record<string, unknown>) =>
  new AppError(409, message, undefined, undefined, current);
/** `status` (400 unless said) with the message under one field, as the schema checks answer. */
export const fieldError = (path: string, message: string, status = 400) =>
  new AppError(status, message, [{ path, message }]);
