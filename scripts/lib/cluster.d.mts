// Types of cluster.mjs for the TypeScript tests that start a cluster.
export interface ClusterInstance {
  name: string;
  port: number;
  url: string;
  restarts: number;
}

export interface Cluster {
  url: string;
  instances: ClusterInstance[];
  statsSocket: string;
  kill(name: string, signal?: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export function startCluster(options: {
  instances: number;
  port: number;
  host?: string;
  databaseUrl: string;
  env?: Record<string, string>;
  basePort?: number;
  log?: (line: string) => void;
  workDir?: string;
  startTimeoutMs?: number;
  /** How long HAProxy waits for a silent instance (default 60). */
  serverTimeoutSeconds?: number;
}): Promise<Cluster>;
