// `npm run simulate -- farm …`: the fair-play farm simulator (tools/simulate/cli.ts; docs/fair-play.md).
import { runSimulateCli } from "./cli.ts";

// `npm run simulate -- farm | head` closes the pipe early: that is no error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

const { output, exitCode } = runSimulateCli(process.argv.slice(2));
(exitCode === 2 ? process.stderr : process.stdout).write(`${output}\n`);
process.exitCode = exitCode;
