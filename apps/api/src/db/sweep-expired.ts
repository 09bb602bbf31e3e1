import type { Connection } from 'mongoose';

/**
 * Deletes what the TTL indexes of the connection's models would have removed (sessions,
 * used captchas, login counters, the website form's counters and recent leads, locks). MongoDB's
 * TTL monitor does this by itself; FerretDB 1.x has no TTL indexes, so the server also sweeps:
 * a job on the app's scheduler (jobs/sweep-job.ts).
 */
export async function sweepExpired(connection: Connection): Promise<void> {
  const now = Date.now();
  await Promise.all(
    Object.values(connection.models).flatMap((model) =>
      model.schema.indexes().flatMap(([fields, options]) => {
        const [field] = Object.keys(fields);
        const afterS = options.expireAfterSeconds;
        if (field === undefined || typeof afterS !== 'number') return [];
        return [model.deleteMany({ [field]: { $lt: new Date(now - afterS * 1000) } })];
      }),
    ),
  );
}
