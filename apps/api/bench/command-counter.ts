import { connect, createServer, type Socket } from 'node:net';

/*
 * A loopback TCP proxy between an API process and its database that counts the commands the
 * process sends, by name and collection ("find events", "update requests"): how bench:live
 * (issue 36) shows the database reads a live change costs, with no counter in the product and
 * on FerretDB too (MongoDB's serverStatus opcounters aren't there). It reads the MongoDB wire
 * protocol's OP_MSG header and its body's first element, nothing else; bytes pass unchanged.
 */

const OP_MSG = 2013;
const OP_COMPRESSED = 2012;
const BSON_STRING = 0x02;

/** "find events", "getMore", "hello": the command's name, and its collection when it names one. */
function commandOf(message: Buffer): string {
  const opCode = message.readInt32LE(12);
  if (opCode === OP_COMPRESSED) return 'compressed';
  if (opCode !== OP_MSG) return `opCode ${opCode}`;
  // Header (16 bytes), flagBits (4), then sections: kind 0 is the body, kind 1 a document
  // sequence (an insert's documents) of its own length.
  let offset = 20;
  while (offset < message.length) {
    const kind = message[offset];
    if (kind === 1) {
      offset += 1 + message.readInt32LE(offset + 1);
      continue;
    }
    let at = offset + 1 + 4; // the body's length
    const type = message[at]!;
    at += 1;
    const keyEnd = message.indexOf(0, at);
    const name = message.toString('utf8', at, keyEnd);
    at = keyEnd + 1;
    if (type !== BSON_STRING) return name;
    const length = message.readInt32LE(at);
    return `${name} ${message.toString('utf8', at + 4, at + 4 + length - 1)}`;
  }
  return 'unknown';
}

export type CommandCounter = {
  /** A connection string reaching the database through the proxy. */
  url: string;
  /** The commands counted so far, by name (and collection). */
  counts(): Map<string, number>;
  /** The time the database took to answer them so far (request to reply, ms), likewise. */
  times(): Map<string, number>;
  stop(): Promise<void>;
};

/** Splits a socket's bytes into wire messages (each starts with its int32 length). */
function messages(onMessage: (message: Buffer) => void) {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 16 && pending.length >= pending.readInt32LE(0)) {
      const length = pending.readInt32LE(0);
      onMessage(pending.subarray(0, length));
      pending = pending.subarray(length);
    }
  };
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

/**
 * The proxy in front of `mongoUrl`'s one host; undefined when the URL can't pass through it
 * (several hosts, SRV, TLS), and the reads are then not counted.
 */
export async function startCommandCounter(mongoUrl: string): Promise<CommandCounter | undefined> {
  let target: URL;
  try {
    target = new URL(mongoUrl);
  } catch {
    return undefined; // several hosts
  }
  const tls = ['tls', 'ssl'].some((name) => target.searchParams.get(name) === 'true');
  if (target.protocol !== 'mongodb:' || tls) return undefined;

  const counts = new Map<string, number>();
  const times = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 27017), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    // Each request's command and when it left, by its requestID, until its reply (responseTo).
    const asked = new Map<number, { command: string; at: number }>();
    client.on(
      'data',
      messages((message) => {
        const command = commandOf(message);
        add(counts, command, 1);
        asked.set(message.readInt32LE(4), { command, at: performance.now() });
      }),
    );
    upstream.on(
      'data',
      messages((message) => {
        const request = asked.get(message.readInt32LE(8));
        if (!request) return;
        asked.delete(message.readInt32LE(8));
        add(times, request.command, performance.now() - request.at);
      }),
    );
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  // The driver would otherwise follow a replica set's advertised hosts past the proxy.
  url.searchParams.set('directConnection', 'true');
  return {
    url: url.toString(),
    counts: () => new Map(counts),
    times: () => new Map(times),
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What was counted (or timed) between two snapshots, by command. */
export function countsBetween(
  before: Map<string, number>,
  after: Map<string, number>,
): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [command, count] of after) {
    const grown = count - (before.get(command) ?? 0);
    if (grown > 0) delta.set(command, grown);
  }
  return delta;
}
