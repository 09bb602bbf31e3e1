import { z } from 'zod';

/** Every error the API answers has this body. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /**
   * With a 409: the stored values the refused change was checked against (a move's current
   * `status`, an edited note's current `note`), so the caller can show them without a read.
   */
  current: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Flattens zod issues into the API's field errors, one per issue, in order. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
