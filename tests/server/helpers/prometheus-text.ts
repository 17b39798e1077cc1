/**
 * A strict reader of Prometheus's text exposition format (0.0.4): every line must be a comment (HELP, TYPE)
 * or a sample `name{label="value",…} number`, and every sample must belong to a family whose TYPE came
 * before it. A malformed line throws, so a test that reads /api/metrics also proves the format.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: \\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const SUFFIXES = ["_bucket", "_sum", "_count", "_total", "_created"];

function parseLabels(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`malformed labels in: ${line}`);
    labels[match[1] as string] = (match[2] as string).replace(/\\(.)/g, (_, c: string) =>
      c === "n" ? "\n" : c,
    );
  }
  return labels;
}

/** As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case; prom-client writes "Nan". */
function parseValue(text: string, line: string): number {
  const lower = text.toLowerCase();
  if (lower === "+inf" || lower === "inf") return Number.POSITIVE_INFINITY;
  if (lower === "-inf") return Number.NEGATIVE_INFINITY;
  if (lower === "nan") return Number.NaN;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`malformed value in: ${line}`);
  return value;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sampleName: string): Family | undefined => {
    const exact = families.get(sampleName);
    if (exact) return exact;
    const suffix = SUFFIXES.find((s) => sampleName.endsWith(s));
    return suffix ? families.get(sampleName.slice(0, -suffix.length)) : undefined;
  };
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      const family = families.get(name) ?? { name, type: "untyped", help: "", samples: [] };
      if (kind === "HELP") family.help = rest;
      else family.type = rest;
      families.set(name, family);
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`malformed sample line: ${line}`);
    const [, name, labels, value] = sample as unknown as [string, string, string | undefined, string];
    const family = familyOf(name);
    if (!family || family.type === "untyped") throw new Error(`sample before its TYPE: ${line}`);
    family.samples.push({ name, labels: parseLabels(labels, line), value: parseValue(value, line) });
  }
  return families;
}

/** The one sample of `name` whose labels include `labels`; throws when there is none. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      if (Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) return sample.value;
    }
  }
  throw new Error(`no sample ${name} ${JSON.stringify(labels)}`);
}
