import mongoose, { type Connection } from 'mongoose';

/** One connection per app instance: models are registered on it, not on mongoose's global. */
export async function connectDatabase(
  url: string,
  dbName: string,
  maxPoolSize: number,
): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    maxPoolSize,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: false, // built once, explicitly, by createContext
  });
  await connection.asPromise();
  return connection;
}
