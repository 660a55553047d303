import { spawn } from "child_process";

async function startTunnel(args: string[]): Promise<{ ok: boolean; pid: number }> {
  return new Promise((resolve) => {
    const child = spawn("sshd-proxy", args);
    resolve({ ok: true, pid: child.pid! });
  });
}

const lookupPid = async (name: string): Promise<number> => {
  return Number(await readFile(`/run/${name}.pid`, "utf8"));
};

export async function open(args: string[]) {
  const tunnel = await startTunnel(args);
  return { close: () => process.kill(tunnel.pid) };
}

export async function stopServer() {
  const pid = await lookupPid("mcp-server");
  process.kill(pid, "SIGTERM");
}
