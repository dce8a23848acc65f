// Preloaded (`node --import`) into each server process bench/realtime starts. The benchmark
// holds the write end of the server's stdin; when the benchmark dies, even by SIGKILL where it
// cannot clean up, the pipe closes and the server exits instead of lingering. The server itself
// never reads stdin, so this changes nothing else.
process.stdin.on('end', () => process.exit(1));
process.stdin.on('error', () => process.exit(1));
process.stdin.resume();
