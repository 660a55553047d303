const timer = setTimeout(() => {
  if (process.platform === "win32" && worker.pid) {
    execSync(`taskkill /pid ${worker.pid} /f /t`);
  } else {
    worker.kill("SIGTERM");
  }
}, limit);

export function stopStranger(pid: number) {
  execSync(`taskkill /pid ${pid} /f`);
}
