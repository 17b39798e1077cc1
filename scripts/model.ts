// `npm run model -- <command>`: the testers' model kit (tools/model-kit/cli.ts; README, "For testers").
import { runCli } from "../tools/model-kit/cli.ts";

// `npm run model -- paths taps | head` closes the pipe early: that is no error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

const { output, exitCode } = await runCli(process.argv.slice(2));
// Usage errors go to stderr; results (a failed coverage too) to stdout.
(exitCode === 2 ? process.stderr : process.stdout).write(`${output}\n`);
process.exitCode = exitCode;
