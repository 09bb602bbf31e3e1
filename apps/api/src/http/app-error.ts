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
export const conflict = (message: string) => new AppError(409, message);
