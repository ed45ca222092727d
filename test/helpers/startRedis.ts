import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { findRedisServer, missingRedisMessage } from '../../scripts/redisServer.mjs';
import { WAIT_TIMEOUT_MS } from './waits.mjs';

/** A redis-server of this test file's own, on 127.0.0.1, with no persistence. */
export interface StartedRedis {
  port: number;
  url: string;
  /** Stops the server (a crash, as far as clients can tell). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Resolves once the port accepts a connection and answers PING. Bounded by the shared wall-clock ceiling, not by a
 * number of tries: a loaded machine may take seconds to schedule a new process.
 */
async function answering(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('error', () => resolve(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('redis-server did not start');
}

/** Starts a redis-server on a free port, or only picks the port when `started` is false (`start()` starts it there). */
export async function startRedis({ started = true }: { started?: boolean } = {}): Promise<StartedRedis> {
  const binary = findRedisServer();
  if (!binary) throw new Error(missingRedisMessage);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
      {
        stdio: 'ignore',
      },
    );
    await answering(port, child);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  if (started) await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}
