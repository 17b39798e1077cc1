/** HAProxy's `show stat` through the cluster's admin socket: each server of the backend, its state and counters. */
import { connect } from "node:net";

export interface ServerStat {
  name: string;
  /** "UP", "DOWN", or a transition such as "UP 1/2". */
  status: string;
  responses2xx: number;
  /** Requests sent again (to the same server or, redispatched, to another). */
  retries: number;
  redispatches: number;
}

export function backendServers(socketPath: string, backend = "app"): Promise<ServerStat[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.on("error", reject);
    // The socket answers one command and closes.
    socket.on("end", () => {
      const [header = "", ...rows] = text.trim().split("\n");
      const columns = header.replace(/^# /, "").split(",");
      const field = (fields: string[], name: string) => fields[columns.indexOf(name)] ?? "";
      resolve(
        rows
          .map((row) => row.split(","))
          .filter((fields) => fields[0] === backend && !["BACKEND", "FRONTEND"].includes(fields[1] ?? ""))
          .map((fields) => ({
            name: fields[1] ?? "",
            status: field(fields, "status"),
            responses2xx: Number(field(fields, "hrsp_2xx")),
            retries: Number(field(fields, "wretr")),
            redispatches: Number(field(fields, "wredis")),
          })),
      );
    });
    socket.write("show stat\n");
  });
}
