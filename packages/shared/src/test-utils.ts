import type { z } from 'zod';

/** The messages a schema gives for `input`, by field path (test helper). */
export function messagesByPath(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
}
