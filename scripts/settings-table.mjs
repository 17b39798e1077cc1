// `npm run docs:settings`: rewrites README's configuration table from server/settings.ts, the one list of
// settings the server reads (a test fails while the two differ).
import { readFileSync, writeFileSync } from "node:fs";
import { register } from "tsx/esm/api";

register();
const { settingsTableMarkdown } = await import("../server/settings.ts");
const readmePath = new URL("../README.md", import.meta.url);
const readme = readFileSync(readmePath, "utf8");
const block = /<!-- settings:start -->\n[\s\S]*?<!-- settings:end -->/;
if (!block.test(readme)) {
  console.error("README.md has no <!-- settings:start --> … <!-- settings:end --> block.");
  process.exit(1);
}
writeFileSync(
  readmePath,
  readme.replace(block, `<!-- settings:start -->\n${settingsTableMarkdown()}\n<!-- settings:end -->`),
);
console.log("README.md: configuration table updated.");
