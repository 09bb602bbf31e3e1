import { z } from 'zod';

/**
 * The one fixed API base of §7. Empty means "same origin": the API serves the built app
 * (`npm start`) and Vite proxies /api in development, so no CORS is needed in either case.
 */
const envSchema = z.object({
  VITE_API_URL: z
    .string()
    .default('')
    .transform((url) => url.replace(/\/+$/, '')),
});

export const env = envSchema.parse(import.meta.env);
