// A real Python advisor server for the tests: started with both ports on free ones, and
// always stopped (after the tests, or when this process exits whatever the reason).

import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export interface Server {
  baseUrl: string;
  httpPort: number;
  token: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  token?: string;
  /** The page's games file (`--play-store`; default `:memory:`, so no test writes the user's). */
  store?: string;
  /** The HTTP port (default: a free one), e.g. a stopped server's, to start it again there. */
  httpPort?: number;
}

/** `$ADVISOR_PYTHON -m advisor serve` (default: the repository's .venv), ready to answer. */
export async function startServer(
  { token = "ts-s3cret", store = ":memory:", httpPort = -1 }: ServerOptions = {},
): Promise<Server> {
  const python = process.env.ADVISOR_PYTHON ?? `${ROOT}.venv/bin/python`;
  const child: ChildProcess = spawn(python, [
    "-m", "advisor", "serve", "--port", "0", "--http-port", String(httpPort), "--workers", "1",
    "--grace-s", "1", "--auth-token", token, "--play-store", store,
  ], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    process.off("exit", killOnExit);
  };
  try {
    const port = await listeningPort(child);
    return { baseUrl: `http://127.0.0.1:${port}`, httpPort: port, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The HTTP port from the server's "listening" log line (stderr), once its "ready" line says
 * the workers are warm (calls before it get UNAVAILABLE), or why it never came. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stderr! });
    const seen: string[] = [];
    let port: number | undefined;
    lines.on("line", (line) => {
      seen.push(line);
      try {
        const logged = JSON.parse(line) as { event?: string; http_port?: number };
        if (logged.event === "listening" && logged.http_port) port = logged.http_port;
        if (logged.event === "ready" && port !== undefined) resolve(port);
      } catch {
        // not a JSON log line
      }
    });
    child.once("exit", (code) => reject(
      new Error(`the server exited (${code}) before it was ready:\n${seen.join("\n")}`)));
  });
}
