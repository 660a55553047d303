const server = spawn("node", ["server.js"]);
// the child we spawned above, by its pid
process.kill(server.pid, "SIGKILL");
process.kill(otherPid, "SIGTERM");
