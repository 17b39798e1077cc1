// Prints the initial JavaScript of the landing page ("/"): the entry chunk, everything it imports statically,
// and the "/" route's own chunks, gzipped. Budget (docs/quality.md): at most 110 KB. Printed, never asserted.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 110;
const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8"));
const seen = new Set();
const collect = (key) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dependency of chunk.imports ?? []) collect(dependency);
};
collect("index.html");
for (const key of Object.keys(manifest)) if (/src\/routes\/index\.tsx/.test(key)) collect(key);

let total = 0;
const rows = [...seen].map((key) => {
  const file = manifest[key].file;
  const size = gzipSync(readFileSync(`dist/${file}`)).length / 1024;
  total += size;
  return `    ${file.padEnd(48)} ${size.toFixed(1).padStart(6)} KB`;
});
console.log(`Initial JavaScript for "/" (gzip), budget ${BUDGET_KB} KB:`);
console.log(rows.join("\n"));
console.log(
  `    ${"total".padEnd(48)} ${total.toFixed(1).padStart(6)} KB  ${total <= BUDGET_KB ? "within budget" : "OVER BUDGET"}`,
);
