import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@crm/shared';
import { AppError } from './app-error.js';

/** The first key, at any depth, that MongoDB could read as an operator or a dotted path. */
export function findOperatorKey(value: unknown, path: string[] = []): string | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findOperatorKey(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('$') || key.includes('.')) return [...path, key].join('.');
    const found = findOperatorKey(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses `{"$gt": ""}`, `$where`, dotted keys and the like anywhere in a body (400). */
export const rejectOperators: RequestHandler = (req, _res, next) => {
  const path = findOperatorKey(req.body);
  if (path === undefined) return next();
  next(
    new AppError(400, API_MESSAGES.operatorNotAllowed, [
      { path, message: API_MESSAGES.operatorNotAllowed },
    ]),
  );
};
