// `npm run model -- <command>`: the testers' model kit (tests/model/kit/cli.ts; README, "For testers").
import { runCli } from "../tests/model/kit/cli.ts";

const { output, exitCode } = await runCli(process.argv.slice(2));
if (exitCode === 0) process.stdout.write(`${output}\n`);
else if (exitCode === 1) process.stdout.write(`${output}\n`);
else process.stderr.write(`${output}\n`);
process.exitCode = exitCode;
