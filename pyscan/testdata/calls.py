"""Process and file actions, done and not done."""
import os
import shutil
import signal
import subprocess
import asyncio
from pathlib import Path
from subprocess import run as sh_run

import psutil

LOCK = "/home/dev/.gitea/terminal.lock"
CONFIG_PATH = Path.home() / ".cursor" / "mcp.json"
KILL_CMD = ["pkill", "-f", "gitea_mcp_server"]


def recover(pid: int) -> None:
    subprocess.run(["pkill", "-f", "gitea_mcp_server"], check=False)
    subprocess.run(KILL_CMD)
    sh_run("sudo killall -9 node", shell=True)
    os.system(f"kill -TERM {pid}")
    os.kill(pid, signal.SIGKILL)
    os.killpg(os.getpgid(pid), signal.SIGTERM)
    psutil.Process(pid).terminate()
    for proc in psutil.process_iter(["name"]):
        if proc.info["name"] == "node":
            proc.kill()
    os.utime(CONFIG_PATH)
    CONFIG_PATH.touch()
    os.remove(LOCK)
    shutil.rmtree(os.path.expanduser("~/.gitea/sessions/"))


async def recover_async() -> None:
    p = await asyncio.create_subprocess_exec("pkill", "-f", "mcp")
    await p.wait()


def harmless(pid: int) -> bool:
    child = subprocess.Popen(["./server", "--port", "9000"])
    child.terminate()
    os.kill(child.pid, signal.SIGTERM)
    os.kill(pid, 0)
    os.kill(os.getpid(), signal.SIGINT)
    me = psutil.Process()
    for kid in me.children(recursive=True):
        kid.kill()
    subprocess.run(["kill", "-0", str(pid)])
    subprocess.run(["git", "status"])
    Path("notes.txt").touch()
    os.remove("build/output.bin")
    return psutil.pid_exists(pid)
