import { useState } from 'react';
import { serverFieldErrors } from '../../lib/api-client';

export type Outcome = { ok: boolean; message: string } | null;

/**
 * A profile form's last result: its answer's message on success; on failure the error's
 * message, unless the API named fields (those show under their fields, nothing else).
 */
export function useFormOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  return {
    outcome,
    clear: () => setOutcome(null),
    succeeded: (message: string) => setOutcome({ ok: true, message }),
    failed: (error: unknown) =>
      setOutcome(
        serverFieldErrors(error)
          ? null
          : { ok: false, message: error instanceof Error ? error.message : String(error) },
      ),
  };
}
