import { z } from 'zod';

// zod 4 probes `new Function` to compile fast parsers; the Content-Security-Policy forbids eval
// (no 'unsafe-eval'), so the probe only logs a violation. Parse without it. Imported first by
// main.tsx, before anything parses.
z.config({ jitless: true });
