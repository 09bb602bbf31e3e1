import { config } from 'zod/mini';

// zod 4 probes `new Function` to compile fast parsers; the Content-Security-Policy forbids eval
// (no 'unsafe-eval'), so the probe only logs a violation. Parse without it. Imported first by
// main.ts and form/main.ts, before any schema is built (objects probe as they are built). From
// zod/mini: the same global setting as classic zod's `z.config`, without bringing classic zod
// into the /form page.
config({ jitless: true });
